#!/bin/sh
# Runs inside the clean Debian root that tests/packaging/package_test.sh makes: the
# package installed with dpkg -i, then used from its installed paths as a
# learner's desktop would. Leaves figure.png, lesson-file.png, trace.json and
# report.json in /tmp for the test to read.
set -eu
cd /tmp
dpkg -i /tmp/attention-lab.deb
dpkg-query -W -f='${Status}\n' attention-lab | grep -qx 'install ok installed'
echo "ok   dpkg -i: $(dpkg-query -W -f='${Package} ${Version}' attention-lab) installed"
[ "$(command -v attention-lab)" = /usr/bin/attention-lab ] && [ "$(command -v attention-cli)" = /usr/bin/attention-cli ]
echo "ok   $(attention-cli --version); $(attention-lab --version)"

attention-cli trace /tmp/two-words.lesson.json > /tmp/trace.json
echo "ok   attention-cli trace /tmp/two-words.lesson.json"

screen='-screen 0 1280x800x24'
xvfb-run -a -s "$screen" attention-lab --lesson udl-multihead --step 8 --figure /tmp/figure.png
echo "ok   attention-lab --figure under Xvfb"
# A double-click on a lesson file runs the menu entry's Exec line with it.
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/attention-lab.desktop)
[ "$exec_line" = "attention-lab %f" ]
xvfb-run -a -s "$screen" attention-lab /tmp/two-words.lesson.json --frames 30 --report /tmp/report.json \
  --screenshot /tmp/lesson-file.png
echo "ok   attention-lab /tmp/two-words.lesson.json under Xvfb"

type=$(xdg-mime query filetype /tmp/two-words.lesson.json)
[ "$type" = application/vnd.attention-lab.lesson+json ] || { echo "FAIL the lesson file's type is $type"; exit 1; }
grep -q '^application/vnd.attention-lab.lesson+json:\*\.lesson\.json$' /usr/share/mime/globs
echo "ok   xdg-mime: /tmp/two-words.lesson.json is $type (shared-mime-info's database has its glob)"
handler=$(xdg-mime query default application/vnd.attention-lab.lesson+json)
[ "$handler" = attention-lab.desktop ] || { echo "FAIL the lesson type opens with \"$handler\""; exit 1; }
echo "ok   xdg-mime: lessons open with $handler"
desktop-file-validate /usr/share/applications/attention-lab.desktop
echo "ok   desktop-file-validate: the installed menu entry"
