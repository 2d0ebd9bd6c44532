// RapidCheck generators of valid compact heightfields and settings for the
// properties of build3d-regions-contours.md. Every generated heightfield
// obeys interchange.md §1 (y strictly increasing per cell, 0..65535, links
// inside the grid naming an existing span), so a counterexample can be
// written out and replayed with the `regcon` command line.
#pragma once

#include <rapidcheck.h>

#include <iosfwd>

#include "core/types.h"

namespace regcon {

// RapidCheck prints counterexamples through these (found by ADL): the
// interchange documents themselves, ready to save and replay with
// `regcon run CHF.json SETTINGS.json`.
void showValue(const Heightfield& hf, std::ostream& os);
void showValue(const Settings& settings, std::ostream& os);

}  // namespace regcon

namespace regcon::gen {

// Any of the shapes below.
rc::Gen<Heightfield> anyField();
// 1x1..48x48 grids (scaled with the test size), 0-4 spans per cell with
// random gaps, areas from a small set, builder links plus random one-way
// and missing links.
rc::Gen<Heightfield> randomField();
// One floor of rolling terrain with holes, cliffs and a few area patches.
rc::Gen<Heightfield> terrainField();
// Two or three overlapping floors, some of them ramps.
rc::Gen<Heightfield> multiFloorField();
// No column holds two walkable spans (§4 shortcut applies).
rc::Gen<Heightfield> singleFloorField();
// Any field with every one-way link removed (every link mutual).
rc::Gen<Heightfield> mutualField();
// A full rectangle of one area, one floor, every link mutual.
rc::Gen<Heightfield> rectangleField();

// A partition handed in with the field (interchange §1 `regions`): one id
// for every span, ids by blocks of the grid and floor, or random ids per
// span (0 too); split so that each id has one area id (readings R12).
// Regions may be disconnected, overlap themselves and hold area-0 spans;
// their ids are 1..k in first-span order, or have gaps, come in another
// order, count down from 65535 or scatter over 1..65535.
rc::Gen<std::vector<int>> givenPartition(const Heightfield& hf);

// Cached layer ids for the field (interchange §1 `layers`, readings R4), as
// a tile builder's earlier pass could have left them: the layers of the
// field before an obstacle (a rectangle of area-0 spans still walkable
// then), one layer per floor of a column, bands of the grid, or any id per
// span. On single-floor and multi-floor fields alike, linked spans of one
// area often carry different ids, which the layer-first partition must
// keep apart.
rc::Gen<std::vector<int>> cachedLayers(const Heightfield& hf);

// Settings around the defaults and at the edges.
rc::Gen<Settings> anySettings();
rc::Gen<Settings> settingsWith(Partition partition);

// Drops every link that is not answered by a link back.
Heightfield withoutOneWayLinks(Heightfield hf);

}  // namespace regcon::gen
