# The desktop app as a Debian package (CPack's DEB generator): the app and
# attention-cli in /usr/bin, a menu entry, and the icon rendered from
# web/icon.svg. `./dev package` builds it from the native-release preset;
# target `deb` in any native build tree writes <tree>/attention-lab_VERSION_ARCH.deb.
include(GNUInstallDirs)
include(${PROJECT_SOURCE_DIR}/cmake/icons.cmake)

install(TARGETS attention-lab attention-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/packaging/attention-lab.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
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

set(ATTN_PACKAGE_MAINTAINER "Attention Lab maintainers <maintainers@example.org>"
    CACHE STRING "The Debian package's Maintainer field")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME attention-lab)
set(CPACK_PACKAGE_VENDOR "Attention Lab")
set(CPACK_PACKAGE_CONTACT "${ATTN_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "self-attention, step by step, with every number draggable")
set(CPACK_PACKAGE_DESCRIPTION
    "Attention Lab turns notebooks about self-attention into an app where every step is visible and every weight can be dragged: X -> Q, K, V -> Q.K^T -> /sqrt(d_k) -> softmax -> weights x V, recomputed as you drag. Eight lessons are built in; a lesson is a JSON file. attention-cli prints any lesson's every step as JSON or text.")
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
add_dependencies(deb attention-lab attention-cli desktop-icons)
