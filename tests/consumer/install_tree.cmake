# cmake -DBUILD=<regcon build> -DPREFIX=<scratch> -P install_tree.cmake:
# a fresh install of the build into PREFIX (its manifest stays in BUILD).
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${PREFIX} failed")
endif()
if(NOT EXISTS ${PREFIX}/bin/regcon)
  message(FATAL_ERROR "the install has no bin/regcon")
endif()
