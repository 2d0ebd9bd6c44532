# cmake -DMODE=package|pkg-config|subdirectory -DSOURCE=<regcon source>
#       -DPREFIX=<installed tree> -DBUILD=<scratch build> -DGENERATOR=...
#       [-DLAUNCHER=ccache] -P run_consumer.cmake
# Configures, builds and runs tests/consumer/ in MODE, then compares the
# hashes it prints with `regcon hashes` of the installed tool on the
# heightfield the consumer wrote.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE failed
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(failed)
    message(FATAL_ERROR "${ARGN}\nfailed (${failed}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${BUILD})
set(configure ${CMAKE_COMMAND} -S ${SOURCE}/tests/consumer -B ${BUILD}
              -G ${GENERATOR} -DREGCON_CONSUMER_MODE=${MODE})
if(LAUNCHER)
  list(APPEND configure -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
if(MODE STREQUAL "package")
  list(APPEND configure -DCMAKE_PREFIX_PATH=${PREFIX})
elseif(MODE STREQUAL "pkg-config")
  # regcon.pc alone: the consumer must not find the CMake package instead.
  set(ENV{PKG_CONFIG_PATH} "${PREFIX}/lib/pkgconfig")
elseif(MODE STREQUAL "subdirectory")
  # regcon's own checks asked for: as a subproject it must ignore them.
  list(APPEND configure -DREGCON_SOURCE_DIR=${SOURCE} -DREGCON_SANITIZE=ON
              -DREGCON_COVERAGE=ON)
endif()
run(${configure})
run(${CMAKE_COMMAND} --build ${BUILD} --target regcon_consumer -j2)

if(MODE STREQUAL "subdirectory")
  file(READ ${BUILD}/compile_commands.json commands)
  if(NOT commands MATCHES "optimized/regions.cpp")
    message(FATAL_ERROR "regcon's sources are not in the parent's build")
  endif()
  if(commands MATCHES "-Werror|-fsanitize|--coverage")
    string(REGEX MATCH "[^\n]*(-Werror|-fsanitize|--coverage)[^\n]*" line
           "${commands}")
    message(FATAL_ERROR "regcon's own flags reached the parent: ${line}")
  endif()
  if(NOT commands MATCHES "-ffp-contract=off")
    message(FATAL_ERROR "regcon's sources lost -ffp-contract=off")
  endif()
endif()

run(${BUILD}/regcon_consumer ${BUILD}/rooms.chf.json)
set(consumer "${out}")
run(${PREFIX}/bin/regcon hashes ${BUILD}/rooms.chf.json --impl optimized)
if(NOT consumer STREQUAL out)
  message(FATAL_ERROR "the consumer's hashes:\n${consumer}\n"
                      "regcon hashes:\n${out}")
endif()
message(STATUS "${MODE}: the same hashes\n${consumer}")
