#!/usr/bin/env python3
"""fuzz/check_cflite_image.py on copies of the image's files (ctest
clusterfuzzlite_image_catches_drift): the tree's own files pass; the
default (Ubuntu 20.04) builder, a FROM line of another release, a package
left out and a CMakeLists.txt asking for more than the image has each
fail with their own message."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FILES = (".clusterfuzzlite/project.yaml", ".clusterfuzzlite/Dockerfile",
         "CMakeLists.txt")


class Image(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cflite-image-")
        os.makedirs(os.path.join(self.dir, ".clusterfuzzlite"))
        for path in FILES:
            shutil.copy(os.path.join(ROOT, path), os.path.join(self.dir, path))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def run_check(self):
        done = subprocess.run([sys.executable,
                               os.path.join(HERE, "check_cflite_image.py"),
                               "--root", self.dir],
                              capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr

    def edit(self, path, old, new):
        path = os.path.join(self.dir, path)
        with open(path) as f:
            text = f.read()
        self.assertIn(old, text)
        with open(path, "w") as f:
            f.write(text.replace(old, new))

    def fails_with(self, expected):
        code, out = self.run_check()
        self.assertEqual(code, 1, out)
        self.assertIn(expected, out)

    def test_the_tree_passes(self):
        code, out = self.run_check()
        self.assertEqual(code, 0, out)
        self.assertIn("clusterfuzzlite image: ubuntu-24-04", out)

    def test_the_default_builder_lacks_cmake(self):
        self.edit(".clusterfuzzlite/project.yaml",
                  "base_os_version: ubuntu-24-04\n", "")
        self.edit(".clusterfuzzlite/Dockerfile", "base-builder:ubuntu-24-04",
                  "base-builder")
        self.fails_with("ubuntu-20-04 packages cmake 3.16.3; CMakeLists.txt's "
                        "cmake_minimum_required needs 3.25")

    def test_a_from_line_of_another_release_fails(self):
        self.edit(".clusterfuzzlite/Dockerfile", "base-builder:ubuntu-24-04",
                  "base-builder")
        self.fails_with("but project.yaml chooses ubuntu-24-04")

    def test_a_package_left_out_fails(self):
        self.edit(".clusterfuzzlite/Dockerfile", "nlohmann-json3-dev ", "")
        self.fails_with("does not install nlohmann-json3-dev")

    def test_a_newer_requirement_fails(self):
        self.edit("CMakeLists.txt", "find_package(nlohmann_json 3.11",
                  "find_package(nlohmann_json 3.12")
        self.fails_with("ubuntu-24-04 packages nlohmann-json3-dev 3.11.3; "
                        "CMakeLists.txt's find_package(nlohmann_json) needs "
                        "3.12")


if __name__ == "__main__":
    unittest.main()
