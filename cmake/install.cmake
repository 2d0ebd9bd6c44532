# cmake --install: the public headers under include/regcon/, the libraries,
# the regcon tool, the CMake package (regconConfig.cmake,
# regconConfigVersion.cmake, regconTargets.cmake: the regcon:: targets)
# and regcon.pc; cpack -G DEB makes two Debian packages of them: regcon
# (the tool) and libregcon-dev (headers, libraries, package files).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Target -> name in the package (regcon::NAME); only those that exist.
set(REGCON_EXPORTED
    regcon_core core regcon_reference reference regcon_optimized optimized
    regcon_registry registry regcon_interchange interchange regcon_checks
    checks regcon_render render regcon_kit kit regcon_recast recast)
set(REGCON_INSTALLED_TARGETS "")
set(REGCON_PC_LIBS "")
while(REGCON_EXPORTED)
  list(POP_FRONT REGCON_EXPORTED target name)
  if(NOT TARGET ${target})
    continue()
  endif()
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  # The same names for a project that adds regcon as a subdirectory.
  add_library(regcon::${name} ALIAS ${target})
  list(APPEND REGCON_INSTALLED_TARGETS ${target})
  # pkg-config links static libraries in order: users before used.
  string(PREPEND REGCON_PC_LIBS "-l${target} ")
endwhile()
set(REGCON_WITH_RECAST FALSE)
if(TARGET regcon_recast)
  set(REGCON_WITH_RECAST TRUE)
  string(APPEND REGCON_PC_LIBS "-lDetour -lRecast ")
endif()
string(APPEND REGCON_PC_LIBS "-lcrypto")

install(TARGETS ${REGCON_INSTALLED_TARGETS} EXPORT regconTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development)
# Only what a user includes: every header of the exported folders less the
# implementations' private steps.
foreach(folder core interchange registry checks render kit recast)
  file(GLOB headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.h)
  if(headers)
    install(FILES ${headers}
            DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/regcon/${folder}
            COMPONENT development)
  endif()
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/reference/reference.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/regcon/reference
        COMPONENT development)
install(FILES ${PROJECT_SOURCE_DIR}/optimized/optimized.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/regcon/optimized
        COMPONENT development)
install(FILES ${PROJECT_BINARY_DIR}/generated/core/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/regcon/core
        COMPONENT development)
if(TARGET regcon_cli)
  install(TARGETS regcon_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          COMPONENT tool)
endif()

set(REGCON_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/regcon)
install(EXPORT regconTargets NAMESPACE regcon:: DESTINATION ${REGCON_CMAKE_DIR}
        COMPONENT development)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/regconConfig.cmake.in
  ${PROJECT_BINARY_DIR}/regconConfig.cmake
  INSTALL_DESTINATION ${REGCON_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/regconConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/regconConfig.cmake
              ${PROJECT_BINARY_DIR}/regconConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/recastnavigation.cmake
        DESTINATION ${REGCON_CMAKE_DIR} COMPONENT development)

# regcon.pc finds its prefix from where it lies, so the tree can move.
file(RELATIVE_PATH REGCON_PC_TO_PREFIX
     /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" REGCON_PC_TO_PREFIX "${REGCON_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/regcon.pc.in
               ${PROJECT_BINARY_DIR}/regcon.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/regcon.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)

# cpack -G DEB: one package per component, dependencies by Debian name;
# not for a parent project, whose own packages these settings would take.
if(NOT PROJECT_IS_TOP_LEVEL)
  return()
endif()
set(CPACK_PACKAGE_NAME regcon)
set(CPACK_PACKAGE_VENDOR "regcon")
set(CPACK_PACKAGE_CONTACT "regcon maintainers <regcon@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "regions and contours of a navigation-mesh builder, verification-grade")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL tool development)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_TOOL_PACKAGE_NAME regcon)
set(CPACK_DEBIAN_TOOL_PACKAGE_SECTION science)
set(CPACK_DEBIAN_TOOL_PACKAGE_DEPENDS
    "libc6, libstdc++6, libgcc-s1, libssl3, librecast1")
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libregcon-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS
    "nlohmann-json3-dev, libssl-dev, librecast-dev")
include(CPack)
