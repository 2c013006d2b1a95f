#!/usr/bin/env bash
# Runs one README command on a fresh Debian machine: a bare Debian root
# (mmdebstrap --variant=minbase, as a standard Debian 12 install it has its
# sources in /etc/apt/sources.list and no Node), with a clone of this
# repository's HEAD in /root/p, where `./dev COMMAND` must install what it
# needs by itself. Prints the command's wall time and what it installed
# (Debian packages by dpkg's Installed-Size, Node in /usr/local, node_modules).
# Not part of ./dev test: each run downloads and builds everything from cold
# (several minutes to half an hour a command on 2 cores).
#
#   scripts/fresh_machine.sh [--keep] COMMAND [ARGS...] [--then COMMAND [ARGS...]]...
#
# Commands after --then run in the same root, one after another, each timed
# and measured on its own: for commands of one deps group (serve and
# package-scorm; native and translations), where the first proves the
# group suffices.
#
#   serve        waits until http://localhost:PORT/ serves index.html and
#                every dist/*.wasm, then stops the server (PORT: 18080, or
#                the --port given)
#   native ARGS  runs under the host's Xvfb (a display of its own), e.g.
#                `native --figure /tmp/figure.png`; the PNG is copied to
#                test-output/fresh-machine/
#   anything else runs as `./dev COMMAND ARGS` and must exit 0.
#
# Needs root (or sudo) and commits: the root gets a clone of HEAD, not the
# work tree. The root is deleted afterwards (--keep: kept, its path printed).
# The bare root is made once and cached as a tarball in
# ~/.cache/attention-lab/fresh-machine/; each run unpacks a fresh copy.
# npm in the root gets this machine's registry trust settings (its CA
# certificates and global npmrc files), as a newcomer's machine would have
# its own.
set -euo pipefail
keep=0
[ "${1:-}" = --keep ] && { keep=1; shift; }
[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
commands=()  # each "COMMAND ARGS..." as one %q-quoted line
line=''
for a in "$@"; do
  if [ "$a" = --then ]; then commands+=("$line"); line=''; else line+=" $(printf '%q' "$a")"; fi
done
commands+=("$line")
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/test-output/fresh-machine"
mkdir -p "$out"
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
log() { printf '\033[1m==> %s\033[0m\n' "$*"; }
command -v mmdebstrap >/dev/null || as_root apt-get install -y -qq mmdebstrap >/dev/null

suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
cache="${XDG_CACHE_HOME:-$HOME/.cache}/attention-lab/fresh-machine"
mkdir -p "$cache"
tarball="$cache/$suite-minbase.tar"
if [ ! -s "$tarball" ]; then
  log "making a bare Debian root ($suite, minbase), once"
  as_root mmdebstrap --variant=minbase --mode=root --format=tar "$suite" "$tarball.part" \
    < /dev/null > "$out/mmdebstrap.log" 2>&1 || { tail -20 "$out/mmdebstrap.log"; exit 1; }
  mv "$tarball.part" "$tarball"
fi

work=$(as_root mktemp -d /var/tmp/attention-fresh.XXXXXX)
root="$work/root"
xvfb_pid=''
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  if [ "$keep" -eq 1 ]; then echo "kept: $root"
  elif findmnt -rn -o TARGET | grep -q "^$root/"; then echo "still mounted under $root: not deleted" >&2
  else as_root rm -rf --one-file-system "$work"; fi
}
trap cleanup EXIT
as_root mkdir "$root"
as_root tar -C "$root" -xf "$tarball"
as_root cp /etc/resolv.conf "$root/etc/resolv.conf"
# This machine's registry trust settings: its own CA certificates (kept by
# update-ca-certificates when the root installs ca-certificates) and the
# global npmrc files that point npm at them. Not ~/.npmrc.
if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
  as_root mkdir -p "$root/usr/local/share/ca-certificates"
  as_root cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
fi
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  as_root mkdir -p "$root/etc/ssl/certs"
  as_root cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
fi
for f in /etc/npmrc /usr/etc/npmrc; do
  [ -f "$f" ] && { as_root mkdir -p "$root$(dirname "$f")"; as_root cp "$f" "$root$f"; }
done
as_root git clone -q --no-hardlinks "$repo" "$root/root/p"
log "$(git -C "$repo" log -1 --format='%h %s' | cut -c1-80) in $root"

kib_packages() { as_root chroot "$root" dpkg-query -W -f='${Installed-Size}\n' | awk '{s += $1} END {print s + 0}'; }
kib_of() { as_root du -sk "$1" 2>/dev/null | cut -f1 || echo 0; }
count_packages() { as_root chroot "$root" dpkg-query -W -f='${Package}\n' | wc -l; }
mib() { echo $((($1 + 512) / 1024)); }

# Its own mount and process namespaces: the mounts go, and every process in
# it ends, when the command does.
run_in_root() {  # run_in_root <log> <command line>: in a subshell, so its pid is unshare's (or sudo's)
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  exec "${sudo[@]}" unshare --mount --pid --fork --kill-child --mount-proc="$root/proc" /bin/sh -c \
    "mount --rbind /dev '$root/dev' && mount --rbind /sys '$root/sys' && $binds
     exec chroot '$root' /usr/bin/env -i ${env[*]} /bin/bash -c 'cd /root/p && $2'" > "$1" 2>&1
}

# serve: until the page answers, then every dist/*.wasm served whole.
run_serve() {  # run_serve <log> <args>
  (run_in_root "$1" "./dev serve $2") &
  local server=$! answered=0
  while kill -0 "$server" 2>/dev/null; do
    if curl -fsS -o "$out/index.html" "http://localhost:$port/index.html" 2>/dev/null; then answered=1; break; fi
    sleep 2
  done
  elapsed=$(($(date +%s) - started))
  if [ "$answered" -eq 1 ]; then
    for wasm in "$root"/root/p/dist/*.wasm; do
      local name got
      name=$(basename "$wasm")
      got=$(curl -fsS "http://localhost:$port/$name" | wc -c)
      [ "$got" -eq "$(stat -c %s "$wasm")" ] || { echo "FAIL $name: $got bytes served" >&2; status=1; }
      echo "served $name: $got bytes"
    done
    grep -q '<canvas' "$out/index.html" || { echo "FAIL index.html has no canvas" >&2; status=1; }
  else
    status=1
  fi
  # unshare --fork ignores SIGTERM while it waits, and the namespace's first
  # process (the server, by then) has no default action for it: SIGKILL that
  # process, by its id, and the kernel ends the rest of the namespace with it.
  local init
  for init in $(pgrep -P "$server"); do as_root kill -KILL "$init" 2>/dev/null || true; done
  wait "$server" 2>/dev/null || true
}

env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb)
[ -n "${NODE_EXTRA_CA_CERTS:-}" ] && env+=(NODE_EXTRA_CA_CERTS="$NODE_EXTRA_CA_CERTS")
binds=''
port=18080
failures=0
for line in "${commands[@]}"; do
  eval "args=($line)"
  command=${args[0]}
  args=("${args[@]:1}")
  case "$command" in
    serve)
      for ((i = 0; i < ${#args[@]}; ++i)); do [ "${args[i]}" = --port ] && port=${args[i + 1]}; done
      [[ " ${args[*]} " == *" --port "* ]] || args+=(--port "$port") ;;
    native)
      if [ -z "$xvfb_pid" ]; then
        command -v Xvfb >/dev/null || { echo "native needs the host's Xvfb (apt-get install xvfb)" >&2; exit 1; }
        display=99
        while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
        Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp > "$out/xvfb.log" 2>&1 &
        xvfb_pid=$!
        for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
        [ -e "/tmp/.X11-unix/X$display" ] || { cat "$out/xvfb.log"; exit 1; }
        env+=(DISPLAY=":$display")
        binds="mkdir -p '$root/tmp/.X11-unix' && mount --bind /tmp/.X11-unix '$root/tmp/.X11-unix' && "
      fi ;;
  esac
  quoted=''
  [ ${#args[@]} -eq 0 ] || quoted=$(printf ' %q' "${args[@]}")
  packages_before=$(count_packages)
  kib_before=$(kib_packages)
  local_before=$(kib_of "$root/usr/local")
  modules_before=$(kib_of "$root/root/p/node_modules")
  log "./dev $command$quoted (log: $out/$command.log)"
  started=$(date +%s)
  status=0
  if [ "$command" = serve ]; then
    run_serve "$out/$command.log" "$quoted"
  else
    (run_in_root "$out/$command.log" "./dev $command$quoted") || status=$?
    elapsed=$(($(date +%s) - started))
    if [ "$command" = native ]; then
      for png in "$root"/tmp/*.png; do [ -f "$png" ] && as_root cp "$png" "$out/"; done
    fi
  fi
  tail -5 "$out/$command.log"

  packages_after=$(count_packages)
  kib_after=$(kib_packages)
  local_after=$(kib_of "$root/usr/local")
  modules_after=$(kib_of "$root/root/p/node_modules")
  summary="./dev $command$quoted: $([ "$status" -eq 0 ] && echo pass || echo "FAIL ($status)") in $((elapsed / 60)) min $((elapsed % 60)) s;"
  summary+=" installed: $((packages_after - packages_before)) Debian packages, $(mib $((kib_after - kib_before))) MiB"
  [ "$(mib $((local_after - local_before)))" -gt 0 ] && summary+="; /usr/local (Node) $(mib $((local_after - local_before))) MiB"
  [ "$(mib $((modules_after - modules_before)))" -gt 0 ] && summary+="; node_modules $(mib $((modules_after - modules_before))) MiB"
  summary+=". Root now: build/ $(mib "$(kib_of "$root/root/p/build")") MiB, caches (apt, npm, ccache)"
  summary+=" $(mib $(($(kib_of "$root/var/cache/apt") + $(kib_of "$root/root/.npm") + $(kib_of "$root/root/.cache")))) MiB"
  changed=$(as_root chroot "$root" /bin/sh -c 'cd /root/p && command -v git >/dev/null && git status --short' 2>/dev/null || true)
  [ -n "$changed" ] && summary+=$'\n'"files the command changed in the clone:"$'\n'"$changed"
  echo "$summary" | tee -a "$out/summary.txt"
  [ "$status" -eq 0 ] || failures=$((failures + 1))
done
[ "$failures" -eq 0 ]
