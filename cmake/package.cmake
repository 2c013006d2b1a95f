# The desktop app as a Debian package (CPack's DEB generator): the app and
# attention-cli in /usr/bin with their manual pages, a menu entry that opens
# lesson files (and their MIME type), the icon rendered from web/icon.svg, and
# the changelog and machine-readable copyright Debian asks for. `./dev package`
# builds it from the native-release preset (the one with dpkg-buildflags'
# hardening, cmake/hardening.cmake); target `deb` in any native build tree
# writes <tree>/attention-lab_VERSION_ARCH.deb.
include(GNUInstallDirs)
include(${PROJECT_SOURCE_DIR}/cmake/icons.cmake)
set(attn_doc_dir "${CMAKE_INSTALL_DATADIR}/doc/attention-lab")

install(TARGETS attention-lab attention-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Stripped as Debian's dh_strip strips: CPack's strip (CPACK_STRIP_FILES) keeps
# the compilers' .comment and .note sections, which lintian points out.
install(CODE "
  if(CMAKE_INSTALL_DO_STRIP)
    foreach(program attention-lab attention-cli)
      execute_process(COMMAND \"${CMAKE_OBJCOPY}\" --remove-section=.comment --remove-section=.note
                              \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/\${program}\"
                      COMMAND_ERROR_IS_FATAL ANY)
    endforeach()
  endif()")
install(FILES ${PROJECT_SOURCE_DIR}/packaging/attention-lab.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/attention-lab.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright DESTINATION ${attn_doc_dir})
# lintian's overrides, as a Debian package ships them: words of the compiled-in
# translations that its English spelling list takes for misspellings.
install(FILES ${PROJECT_SOURCE_DIR}/packaging/attention-lab.lintian-overrides
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME attention-lab)
install(FILES ${ATTN_ICON_SVG} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
        RENAME attention-lab.svg)
set(attn_desktop_icons "")
foreach(size 48 128 256)
  set(png "${CMAKE_BINARY_DIR}/icons/hicolor/${size}x${size}/attention-lab.png")
  attn_icon(OUTPUT "${png}" SIZE ${size})
  install(FILES "${png}" DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  list(APPEND attn_desktop_icons "${png}")
endforeach()
add_custom_target(desktop-icons ALL DEPENDS ${attn_desktop_icons})

# The changelog, in Debian's format, its newest entry the project's version;
# installed gzip -9n'd as Policy 12.7 asks of a native package (changelog.gz).
set(attn_changelog "${PROJECT_SOURCE_DIR}/packaging/changelog")
file(STRINGS "${attn_changelog}" attn_changelog_top LIMIT_COUNT 1)
if(NOT attn_changelog_top MATCHES "^attention-lab \\(${PROJECT_VERSION}\\) ")
  message(FATAL_ERROR "packaging/changelog's newest entry is \"${attn_changelog_top}\": "
                      "add an entry for version ${PROJECT_VERSION} (CMakeLists.txt's project version)")
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${attn_changelog}")
set(attn_doc_build "${CMAKE_BINARY_DIR}/package-doc")
add_custom_command(
  OUTPUT "${attn_doc_build}/changelog.gz"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${attn_doc_build}"
  COMMAND ${CMAKE_COMMAND} -E copy "${attn_changelog}" "${attn_doc_build}/changelog"
  COMMAND gzip -9nf "${attn_doc_build}/changelog"
  DEPENDS "${attn_changelog}"
  COMMENT "Compressing the changelog"
  VERBATIM)
install(FILES "${attn_doc_build}/changelog.gz" DESTINATION ${attn_doc_dir})

# The manual pages, made by Debian's help2man from each program's --help and
# --version (run here, so only native builds make them).
find_program(ATTN_HELP2MAN help2man)
set(attn_manpages "")
foreach(program attention-lab attention-cli)
  if(program STREQUAL "attention-lab")
    set(what "self-attention, step by step, with every weight draggable")
  else()
    set(what "print Attention Lab's lessons, every step with its numbers")
  endif()
  set(page "${attn_doc_build}/${program}.1")
  if(ATTN_HELP2MAN)
    set(make_page ${ATTN_HELP2MAN} --no-info --section=1 --name=${what} --output=${page} $<TARGET_FILE:${program}>)
  else()
    set(make_page ${CMAKE_COMMAND} -E echo "help2man (Debian's help2man) makes the manual pages: run scripts/deps.sh package"
        COMMAND ${CMAKE_COMMAND} -E false)
  endif()
  add_custom_command(
    OUTPUT "${page}.gz"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${attn_doc_build}"
    COMMAND ${make_page}
    COMMAND gzip -9nf "${page}"
    DEPENDS ${program}
    COMMENT "Writing ${program}'s manual page (help2man)"
    VERBATIM)
  install(FILES "${page}.gz" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  list(APPEND attn_manpages "${page}.gz")
endforeach()
add_custom_target(package-doc DEPENDS ${attn_manpages} "${attn_doc_build}/changelog.gz")

set(ATTN_PACKAGE_MAINTAINER "Attention Lab maintainers <maintainers@example.org>"
    CACHE STRING "The Debian package's Maintainer field")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME attention-lab)
set(CPACK_PACKAGE_VENDOR "Attention Lab")
set(CPACK_PACKAGE_CONTACT "${ATTN_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "self-attention, step by step, with every number draggable")
set(CPACK_PACKAGE_DESCRIPTION [[
Attention Lab turns notebooks about self-attention into an app where every
step is visible and every weight can be dragged: X -> Q, K, V -> Q.K^T ->
/sqrt(d_k) -> softmax -> weights x V, recomputed as you drag.

Eight lessons are built in; a lesson is a JSON file (*.lesson.json opens with
the app). attention-cli prints any lesson's every step as JSON or text.]])
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # attention-lab_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends: from the binaries' libraries (dpkg-shlibdeps)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1")  # GLFW opens libGL.so.1 itself; shlibdeps sees only libOpenGL
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")  # a software renderer where no GPU driver is
set(CPACK_OUTPUT_FILE_PREFIX "${CMAKE_BINARY_DIR}")
include(CPack)

add_custom_target(deb
  COMMAND ${CMAKE_CPACK_COMMAND} -G DEB --config "${CMAKE_BINARY_DIR}/CPackConfig.cmake"
  WORKING_DIRECTORY "${CMAKE_BINARY_DIR}"
  COMMENT "Packing the desktop app as a .deb"
  VERBATIM)
add_dependencies(deb attention-lab attention-cli desktop-icons package-doc)
