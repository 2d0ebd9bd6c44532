# cmake -DBUILD=<regcon build> -DPREFIX=<installed tree> -DOUT=<folder>
#       -DCPACK=<cpack> -P deb_matches_install.cmake
# cpack -G DEB, then every file of the .deb files (under /usr) must be a
# file the install put under PREFIX (install_manifest.txt) and the other
# way round; each package names its Debian dependencies.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${CPACK} -G DEB -B ${OUT} --config
                        ${BUILD}/CPackConfig.cmake
                RESULT_VARIABLE failed OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(failed)
  message(FATAL_ERROR "cpack failed:\n${out}\n${err}")
endif()
file(GLOB debs ${OUT}/*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "expected 2 packages (regcon, libregcon-dev): ${debs}")
endif()

set(packaged "")
foreach(deb ${debs})
  execute_process(COMMAND dpkg-deb -c ${deb} OUTPUT_VARIABLE listing
                  RESULT_VARIABLE failed)
  execute_process(COMMAND dpkg-deb -f ${deb} Package Depends
                  OUTPUT_VARIABLE fields)
  if(failed OR NOT fields MATCHES "Depends: [a-z]")
    message(FATAL_ERROR "${deb}: no listing or no dependencies:\n${fields}")
  endif()
  message(STATUS "${fields}")
  string(REPLACE "\n" ";" lines "${listing}")
  foreach(line ${lines})
    # Regular files and links; folders end with a slash.
    if(line MATCHES "^[-l][^ ]* .* \\./usr/([^ ]*[^/])( -> .*)?$")
      list(APPEND packaged ${CMAKE_MATCH_1})
    endif()
  endforeach()
endforeach()

file(STRINGS ${BUILD}/install_manifest.txt manifest)
set(installed "")
foreach(path ${manifest})
  string(REPLACE "${PREFIX}/" "" relative "${path}")
  list(APPEND installed ${relative})
endforeach()
list(SORT packaged)
list(SORT installed)
if(NOT packaged STREQUAL installed)
  set(onlyDeb ${packaged})
  list(REMOVE_ITEM onlyDeb ${installed})
  set(onlyInstall ${installed})
  list(REMOVE_ITEM onlyInstall ${packaged})
  message(FATAL_ERROR "the .deb files and the install differ:\n"
                      "only packaged: ${onlyDeb}\nonly installed: ${onlyInstall}")
endif()
list(LENGTH installed files)
message(STATUS "${files} files, packaged as installed")
