# Fails when a source of reference/ or optimized/ does not include
# core/determinism.h before anything else (run with
# cmake -DROOT=<source dir> -P check_determinism.cmake).
set(missing "")
file(GLOB files "${ROOT}/reference/*.cpp" "${ROOT}/optimized/*.cpp")
foreach(file ${files})
  file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include")
  list(GET includes 0 first)
  if(NOT first MATCHES "\"core/determinism.h\"")
    file(RELATIVE_PATH name "${ROOT}" "${file}")
    string(APPEND missing "${name}: first include is ${first}\n")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "core/determinism.h must come first:\n${missing}")
endif()
list(LENGTH files count)
message(STATUS "${count} implementation files include core/determinism.h first")
