// Helpers shared by the tests: building small heightfields from ASCII
// drawings, and where ../shared lives.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/implementation.h"
#include "core/types.h"

namespace regcon::testing {

// One floor (y = 0) drawn row by row, first string is z = 0 (the drawing is
// upside down relative to the z axis pointing up). '.' or ' ' is no span,
// '#' is a span of area 0, a digit d is area d (1-9), any other letter is
// area 63. Links are mutual between orthogonally adjacent spans (built by
// core/builder.h: one floor, so every neighbour is within climb 0).
Heightfield gridFromAscii(const std::vector<std::string>& rows);

// Several floors, each drawn like gridFromAscii (z = 0 first) but with a
// digit per span giving its y (0-9), '.' or ' ' no span; every span is
// area 63. A cell's spans are stacked bottom up by y (a cell may appear in
// only one drawing per y). Two spans in orthogonally adjacent cells link
// (mutually) when their floors differ by at most 1: a ramp climbs one
// unit per cell, a deck 2 or more above a floor does not touch it (the
// builder's rule at climb 1; a cell must not hold two floors within 1 of a
// neighbouring floor).
Heightfield floorsFromAscii(
    const std::vector<std::vector<std::string>>& floors);

// The regression corpus's field corpus/FILE (corpus/README.md).
Heightfield corpusField(const std::string& file);

// A field a test made otherwise (built and linked by hand, or read from
// corpus/), handed on like a drawn one (exported and checked as below), so
// that the suite holds it as the test uses it.
Heightfield asDrawn(Heightfield hf);

// Names the running test for REGCON_EXPORT_FIELDS (test_support.cpp): the
// drawing helpers above write each field they draw as TEST-N.chf.json.
void setTestName(const std::string& name);

// From then on every drawing helper hands each field it draws to `check`
// (test_conformance_suite.cpp: is it a case of the suite?).
void checkEachDrawnField(std::function<void(const Heightfield&)> check);

// The spec's defaults with MinRegionArea and MergeRegionArea 0: no region
// is removed or merged, so a small drawn room keeps its region.
Settings unfiltered();

// The contours of `regions` at the defaults with the raw loops requested
// (rawContours).
ContourSet withRawLoops(const Implementation& impl, const Heightfield& hf,
                        const std::vector<int>& regions);

// Path of ../shared beside the checkout, or "" when absent.
std::string sharedDir();

// Names of the worked vectors (NAME of NAME.chf.json in ../shared/vectors),
// sorted; empty when ../shared is absent.
std::vector<std::string> vectorNames();

}  // namespace regcon::testing
