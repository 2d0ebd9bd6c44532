#!/usr/bin/env python3
"""The ClusterFuzzLite builder image can build regcon (ctest
clusterfuzzlite_image).

  fuzz/check_cflite_image.py [--root DIR]

This machine runs no containers, so the image is checked on paper: reads
the builder's Ubuntu release from .clusterfuzzlite/project.yaml
(`base_os_version`, ClusterFuzzLite's default ubuntu-20-04 when absent),
checks that the Dockerfile's FROM line names that release's base-builder,
that the Dockerfile installs cmake and nlohmann-json3-dev from the
release's packages, and that those packages' versions (UBUNTU below) meet
what CMakeLists.txt requires: `cmake_minimum_required(VERSION ...)` and
`find_package(nlohmann_json VERSION ...)`. Exit 1 naming each problem.
"""

import argparse
import os
import re
import sys

# The versions each Ubuntu release packages (packages.ubuntu.com: focal
# cmake 3.16.3, nlohmann-json3-dev 3.7.3; noble cmake 3.28.3-1build7,
# nlohmann-json3-dev 3.11.3-1), and the base-builder tags that select the
# release (none: the default image).
UBUNTU = {
    "ubuntu-20-04": {"tags": ("", "latest"), "cmake": "3.16.3",
                     "nlohmann-json3-dev": "3.7.3"},
    "ubuntu-24-04": {"tags": ("ubuntu-24-04",), "cmake": "3.28.3",
                     "nlohmann-json3-dev": "3.11.3"},
}
DEFAULT_OS = "ubuntu-20-04"
BASE_BUILDER = "gcr.io/oss-fuzz-base/base-builder"


def version(text):
    return tuple(int(part) for part in text.split("."))


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def os_choice(project):
    m = re.search(r"^base_os_version:\s*['\"]?([\w-]+)", project, re.M)
    return m.group(1) if m else DEFAULT_OS


def requirements(cmake_lists):
    """(the cmake version required, the nlohmann_json version required or
    None) of a CMakeLists.txt."""
    cmake = re.search(r"cmake_minimum_required\s*\(\s*VERSION\s+([\d.]+)",
                      cmake_lists, re.I)
    json = re.search(r"find_package\s*\(\s*nlohmann_json\s+([\d.]+)",
                     cmake_lists)
    return (cmake.group(1) if cmake else None,
            json.group(1) if json else None)


def installed(dockerfile):
    """The packages the Dockerfile's apt-get install lines name."""
    text = dockerfile.replace("\\\n", " ")
    names = set()
    for m in re.finditer(r"apt-get install([^&\n]*)", text):
        names.update(w for w in m.group(1).split() if not w.startswith("-"))
    return names


def check(root):
    problems = []
    chosen = os_choice(read(root, ".clusterfuzzlite/project.yaml"))
    if chosen not in UBUNTU:
        return ["project.yaml: base_os_version %s is none of %s" % (
            chosen, ", ".join(sorted(UBUNTU)))]
    image = UBUNTU[chosen]
    dockerfile = read(root, ".clusterfuzzlite/Dockerfile")
    m = re.search(r"^FROM\s+(\S+)", dockerfile, re.M)
    base, _, tag = (m.group(1) if m else "").partition(":")
    if base != BASE_BUILDER:
        problems.append("Dockerfile: FROM %s, not %s" % (base, BASE_BUILDER))
    elif tag not in image["tags"]:
        problems.append("Dockerfile: FROM %s:%s, but project.yaml chooses %s "
                        "(tag %s)" % (base, tag, chosen,
                                      image["tags"][0] or "none"))
    packages = installed(dockerfile)
    cmake_needed, json_needed = requirements(read(root, "CMakeLists.txt"))
    for package, needed, what in (
            ("cmake", cmake_needed, "cmake_minimum_required"),
            ("nlohmann-json3-dev", json_needed, "find_package(nlohmann_json)")):
        if package not in packages:
            problems.append("Dockerfile: does not install %s" % package)
            continue
        if needed is None:
            problems.append("CMakeLists.txt: no version in %s" % what)
        elif version(image[package]) < version(needed):
            problems.append("%s packages %s %s; CMakeLists.txt's %s needs %s"
                            % (chosen, package, image[package], what, needed))
    if not problems:
        print("clusterfuzzlite image: %s (base-builder:%s): cmake %s >= %s, "
              "nlohmann-json %s >= %s" % (
                  chosen, tag or "default", image["cmake"], cmake_needed,
                  image["nlohmann-json3-dev"], json_needed))
    return problems


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    args = parser.parse_args()
    problems = check(os.path.abspath(args.root))
    for problem in problems:
        print("check_cflite_image: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
