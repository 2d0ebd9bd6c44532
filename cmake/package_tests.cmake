# The installed tree as an engine sees it (label `package`, test preset
# `package` on the release build): install to a scratch prefix, build the
# consumer project (tests/consumer/) against it with find_package(regcon)
# and with pkg-config and compare its hashes with the installed tool's,
# build it again with regcon as a subdirectory and check that none of
# regcon's warning, sanitizer or coverage flags reach it, and check that
# cpack's .deb files hold exactly what the install put in place.
set(REGCON_SCRATCH ${PROJECT_BINARY_DIR}/package-test)
set(REGCON_CONSUMER_SCRIPTS ${PROJECT_SOURCE_DIR}/tests/consumer)

add_test(NAME package_install
         COMMAND ${CMAKE_COMMAND} -DBUILD=${PROJECT_BINARY_DIR}
                 -DPREFIX=${REGCON_SCRATCH}/prefix
                 -P ${REGCON_CONSUMER_SCRIPTS}/install_tree.cmake)
set_tests_properties(package_install PROPERTIES
                     FIXTURES_SETUP regcon_installed LABELS package)

foreach(mode package pkg-config subdirectory)
  add_test(NAME package_consumer_${mode}
           COMMAND ${CMAKE_COMMAND} -DMODE=${mode}
                   -DSOURCE=${PROJECT_SOURCE_DIR}
                   -DPREFIX=${REGCON_SCRATCH}/prefix
                   -DBUILD=${REGCON_SCRATCH}/consumer-${mode}
                   -DGENERATOR=${CMAKE_GENERATOR}
                   -DLAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
                   -P ${REGCON_CONSUMER_SCRIPTS}/run_consumer.cmake)
  set_tests_properties(package_consumer_${mode} PROPERTIES
                       FIXTURES_REQUIRED regcon_installed LABELS package
                       TIMEOUT 1500)
endforeach()

add_test(NAME package_deb_matches_install
         COMMAND ${CMAKE_COMMAND} -DBUILD=${PROJECT_BINARY_DIR}
                 -DPREFIX=${REGCON_SCRATCH}/prefix
                 -DOUT=${REGCON_SCRATCH}/deb -DCPACK=${CMAKE_CPACK_COMMAND}
                 -P ${REGCON_CONSUMER_SCRIPTS}/deb_matches_install.cmake)
set_tests_properties(package_deb_matches_install PROPERTIES
                     FIXTURES_REQUIRED regcon_installed LABELS package)
