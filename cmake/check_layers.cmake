# Fails when a file includes a layer it must not know (run with
# cmake -DROOT=<source dir> -P check_layers.cmake):
#   core/       nothing of reference/, optimized/, registry/ or the tools
#   reference/  nothing of optimized/ or registry/
#   optimized/  nothing of reference/ or registry/
set(forbidden_core reference optimized registry cli recast tests props fuzz bench)
set(forbidden_reference optimized registry)
set(forbidden_optimized reference registry)

set(crossings "")
foreach(layer core reference optimized)
  file(GLOB_RECURSE files "${ROOT}/${layer}/*.h" "${ROOT}/${layer}/*.cpp")
  foreach(file ${files})
    file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
    foreach(line ${includes})
      foreach(other ${forbidden_${layer}})
        if(line MATCHES "[\"<]${other}/")
          file(RELATIVE_PATH name "${ROOT}" "${file}")
          string(APPEND crossings "${name} includes ${other}/: ${line}\n")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()
if(crossings)
  message(FATAL_ERROR "layers crossed:\n${crossings}")
endif()
message(STATUS "no include crosses the layers")
