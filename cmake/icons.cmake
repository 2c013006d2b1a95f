# The app's icons, rendered at build time from one source, web/icon.svg, with
# rsvg-convert (Debian's librsvg2-bin): the web manifest's PNGs and the
# desktop package's. No binary icon is committed.
find_program(ATTN_RSVG_CONVERT rsvg-convert REQUIRED)
set(ATTN_ICON_SVG "${PROJECT_SOURCE_DIR}/web/icon.svg")

# attn_icon(OUTPUT file.png SIZE n [MASKABLE]): MASKABLE draws the icon at 80%
# on a full square of its blue, inside the safe zone a launcher's mask keeps.
function(attn_icon)
  cmake_parse_arguments(ICON "MASKABLE" "OUTPUT;SIZE" "" ${ARGN})
  if(ICON_MASKABLE)
    math(EXPR inner "${ICON_SIZE} * 4 / 5")
    math(EXPR margin "(${ICON_SIZE} - ${inner}) / 2")
    set(how -w ${inner} -h ${inner} --page-width ${ICON_SIZE} --page-height ${ICON_SIZE}
            --left ${margin} --top ${margin} --background-color "#1f6fb2")
  else()
    set(how -w ${ICON_SIZE} -h ${ICON_SIZE})
  endif()
  get_filename_component(dir "${ICON_OUTPUT}" DIRECTORY)
  add_custom_command(
    OUTPUT "${ICON_OUTPUT}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
    COMMAND ${ATTN_RSVG_CONVERT} ${how} "${ATTN_ICON_SVG}" -o "${ICON_OUTPUT}"
    DEPENDS "${ATTN_ICON_SVG}"
    COMMENT "Rendering ${ICON_OUTPUT}"
    VERBATIM)
endfunction()
