# Recast and Detour as the imported targets regcon_deps::Recast and
# regcon_deps::Detour (Debian's librecast-dev installs no CMake package).
# Read by regcon's own build and by the installed regconConfig.cmake;
# sets RECAST_FOUND, and RECAST_INCLUDE_DIR and RECAST_LIBRARY for the
# benchmark.
find_path(RECAST_INCLUDE_DIR Recast.h PATH_SUFFIXES recastnavigation)
find_library(RECAST_LIBRARY Recast)
find_library(DETOUR_LIBRARY Detour)
set(RECAST_FOUND FALSE)
if(RECAST_INCLUDE_DIR AND RECAST_LIBRARY AND DETOUR_LIBRARY)
  set(RECAST_FOUND TRUE)
  foreach(name Recast Detour)
    string(TOUPPER ${name} upper)
    if(NOT TARGET regcon_deps::${name})
      add_library(regcon_deps::${name} UNKNOWN IMPORTED)
      set_target_properties(regcon_deps::${name} PROPERTIES
        IMPORTED_LOCATION "${${upper}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${RECAST_INCLUDE_DIR}")
    endif()
  endforeach()
endif()
