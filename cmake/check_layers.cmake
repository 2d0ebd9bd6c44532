# Fails when a file includes a layer it must not know (run with
# cmake -DROOT=<source dir> -P check_layers.cmake). Every folder of the
# tree that holds C++ is listed with the folders it may include; a folder
# that is not listed, or an include of a folder not allowed, fails.
#
#   core         core only, and only C++ standard headers: no third party
#   interchange  core
#   reference    core            optimized  core
#   registry     core, the two implementations
#   checks       core, interchange, registry
#   gen          core, interchange, registry, checks (RapidCheck allowed)
#   render       core, interchange
#   kit          core, interchange, registry, checks, render
#   recast       core, interchange, registry, render (Recast, Detour)
#   exhaust      core, interchange, registry, checks, and reference's §6
#                steps (which loops a retry re-simplifies, for the border
#                check's exemptions)
#   cli, tools   every production folder, never tests/ or props/
#   the rest     tests, properties, fuzzers, benchmarks, examples and the
#                fixtures of cmake/: anything
# No production folder includes CLI11 but cli/ and the programs of tools/,
# GoogleTest or RapidCheck but gen/.
cmake_minimum_required(VERSION 3.25)
set(production core interchange reference optimized registry checks gen
               render kit recast exhaust)
set(allowed_core core)
set(allowed_interchange core interchange)
set(allowed_reference core reference)
set(allowed_optimized core optimized)
set(allowed_registry core reference optimized registry)
set(allowed_checks core interchange registry checks)
set(allowed_gen core interchange registry checks gen)
set(allowed_render core interchange render)
set(allowed_kit core interchange registry checks render kit)
set(allowed_recast core interchange registry render recast)
set(allowed_exhaust core interchange registry reference checks exhaust)
set(allowed_cli ${production} cli)
set(allowed_tools ${production} cli tools)
set(open_folders tests props fuzz bench examples cmake)

# Third-party headers a folder may include (a regular expression over the
# <...> name), beside the C and C++ standard and POSIX headers.
set(third_party_gen "^rapidcheck|^nlohmann/")
set(third_party_recast "^Recast|^Detour")
set(third_party_cli "^CLI/|^nlohmann/")
set(third_party_tools "^CLI/|^nlohmann/")
set(third_party_interchange "^nlohmann/|^openssl/")
set(third_party_kit "^nlohmann/|^openssl/")
set(third_party_any_library "^(CLI|gtest|gmock|rapidcheck|nlohmann|openssl|benchmark)[/.]|^Recast|^Detour")

set(crossings "")
file(GLOB folders LIST_DIRECTORIES true RELATIVE "${ROOT}" "${ROOT}/*")
foreach(folder ${folders})
  if(NOT IS_DIRECTORY "${ROOT}/${folder}" OR folder MATCHES "^(\\.|build)")
    continue()
  endif()
  file(GLOB_RECURSE files "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.cpp")
  if(NOT files OR folder IN_LIST open_folders)
    continue()
  endif()
  if(NOT DEFINED allowed_${folder})
    string(APPEND crossings "${folder}/ is not a known layer: add it to cmake/check_layers.cmake\n")
    continue()
  endif()
  foreach(file ${files})
    file(RELATIVE_PATH name "${ROOT}" "${file}")
    file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
    foreach(line ${includes})
      if(line MATCHES "\"([A-Za-z_0-9]+)/")
        set(other "${CMAKE_MATCH_1}")
        if(NOT other IN_LIST allowed_${folder})
          string(APPEND crossings "${name} includes ${other}/: ${line}\n")
        endif()
      elseif(line MATCHES "<([^>]+)>")
        set(header "${CMAKE_MATCH_1}")
        if(folder STREQUAL "core" AND header MATCHES "[./]")
          string(APPEND crossings "${name} includes a header outside the C++ standard library: ${line}\n")
        elseif(header MATCHES "${third_party_any_library}" AND
               (NOT DEFINED third_party_${folder} OR NOT header MATCHES "${third_party_${folder}}"))
          string(APPEND crossings "${name} includes third-party <${header}>: ${line}\n")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
if(crossings)
  message(FATAL_ERROR "layers crossed:\n${crossings}")
endif()
message(STATUS "no include crosses the layers")
