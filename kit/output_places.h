// The places a command writes to, checked before it runs anything: a run of
// the command under test can take hours, and a report it cannot write at
// the end is a run lost. Every command with an output option (`suite
// --json/--junit/--pictures/--shrink`, `conform --picture`, `shrink --out`,
// `fuzz --out`, `suite export DIR`) calls checkOutputPlaces first.
#pragma once

#include <string>
#include <vector>

namespace regcon::kit {

struct OutputPlace {
  std::string option;   // "--json", as the help names it
  std::string path;     // "" (not given) and "-" (standard output) pass
  bool folder = false;  // a folder the command creates files in, else a file
};

// Throws InputError "COMMAND: OPTION PATH: reason" for the first place that
// cannot be written: a file that is a folder or a folder that is a file, a
// file whose folder is missing, a folder that is absent and cannot be
// created, a mode that forbids writing (checked on the mode bits too, so
// root is refused as well), two places that are the same after `.`, `..`
// and symlinks are resolved, or a place inside an output folder (the files
// a command names there from its input, a suite's case ids, could take the
// other place's name). Creates nothing.
void checkOutputPlaces(const std::string& command,
                       const std::vector<OutputPlace>& places);

}  // namespace regcon::kit
