// §6 shared borders, checked per pair of regions exactly as
// ../shared/spec/readings.md "Known errata" state the claims: "With
// MaxError = 0 both sides of every shared boundary keep exactly the same
// vertices" and "With a positive error they do too, except around regions
// so small that simplification would erase them". The checkers trace the
// loops themselves (their own tracer, written apart from the
// implementations) and compare, for every pair of regions R and S that
// share a raw edge, the edges (consecutive vertex pairs) R's contours label
// S with the edges S's contours label R, reversed. Positions (x, z) and
// neighbour values are compared; vertex Y is not (erratum (a): a corner's Y
// is taken from the side that emits it). A pair is left out only for a
// reason the errata name, and each reason is counted.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "checks/invariants.h"
#include "core/types.h"

namespace regcon::checks {

// Every loop §6 Tracing gives, in discovery order, with its vertices as §6
// emits them (start corner, vertex Y of readings R3, neighbour value).
std::vector<RegionLoop> traceBoundaryLoops(const Heightfield& hf,
                                           const std::vector<int>& regions);

// §6: the raw outline and raw holes of every contour are loops the tracing
// gives for its region, vertex for vertex (Y included), and every traced
// loop of positive area is the raw outline of exactly one contour.
std::string checkRawLoopsAreTraced(const Heightfield& hf,
                                   const std::vector<int>& regions,
                                   const ContourSet& contours);
// The same against loops traced already (traceBoundaryLoops of the same
// heightfield and regions).
std::string checkRawLoopsAreTraced(const std::vector<RegionLoop>& traced,
                                   const ContourSet& contours);

// Why a pair of regions is not compared; the errata's items.
enum class BorderExemption {
  RawPortalsDiffer,   // the raw loops' portals on the border differ (slit
                      // mouths, corner contacts): both errata, (b) and (a)
  ZeroAreaLoop,       // a loop of signed area 0 carries the border (R8)
  RawFallback,        // a loop carrying it is output raw (RawFallbacks > 0)
  DroppedHole,        // a hole carrying it was dropped
  Retried,            // MaxError > 0: a loop carrying it along a run that
                      // is not straight was not accepted at its first
                      // simplification (the spec's "regions so small that
                      // simplification would erase them")
  BorderRegion,       // MaxError > 0: a same-area border of BorderRegion
  RepeatedCorner,     // MaxError > 0: a loop carrying it passes one corner
                      // twice with two neighbour values (the duplicate merge
                      // of readings R10 keeps the first label)
  DiagonalContact,    // MaxError > 0: the border passes one corner twice,
                      // where the two regions meet diagonally; each side
                      // turns there its own way (docs/readings.md A28, not
                      // in the shared errata)
  CornerOnTwoPasses,  // MaxError 0: more than two of one side's edges on
                      // the border touch one corner (a loop passing it on
                      // two floors or at two slits' mouths); each side
                      // pairs them into passes its own way, one turning
                      // where the other goes straight (docs/readings.md
                      // A29, not in the shared errata)
};
const char* exemptionName(BorderExemption reason);

struct BorderReport {
  std::string failure;  // "" when every compared border agrees
  int borders = 0;      // pairs of regions that share a raw edge
  int compared = 0;     // pairs compared (the rest are exempt)
  std::map<BorderExemption, int> exemptFor;  // a pair may have several
  // Pairs a rule per region would leave out: every pair of a region that
  // has one pair left out or a loop simplified again at MaxError 0 (for
  // comparison with the per-pair rule).
  int perRegion = 0;
};

// Whether a traced loop's first simplification (§6 steps 1-3 before any
// retry) is accepted: at least 3 vertices, area of the raw loop's sign and,
// under straight borders with MaxError > 0, no proper crossing. Supplied by
// the caller (an implementation's own steps), since the checkers do not
// simplify.
using FirstAttemptAccepted = std::function<bool(const RegionLoop& loop)>;

// The claim of the errata for settings.maxError (0 or positive), on the
// contours of `regions` computed with `settings` and raw loops requested.
BorderReport checkSharedBorders(const Heightfield& hf,
                                const std::vector<int>& regions,
                                const Settings& settings,
                                const ContourSet& contours,
                                const FirstAttemptAccepted& accepted);
// The same with the loops traced already.
BorderReport checkSharedBorders(const Heightfield& hf,
                                const std::vector<int>& regions,
                                const Settings& settings,
                                const ContourSet& contours,
                                const FirstAttemptAccepted& accepted,
                                std::vector<RegionLoop> traced);

// The bare claim, with no exemption: every pair of regions that either side
// labels has the same edges on both sides (readings erratum: it holds when
// no slit, corner contact, zero-area loop, fallback or dropped hole is
// there). Use checkSharedBorders for the claim with its exceptions.
std::string checkSharedBordersAgree(const ContourSet& contours);

}  // namespace regcon::checks
