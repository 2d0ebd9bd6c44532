# make demo: install what is missing, build (release), run the main job on a
#            built-in scenario.
# make check: install, build (dev: ASan + UBSan) and run its ctest without
#            the browser test (audit_report): a developer's loop, minutes.
# make test: install, build (dev: ASan + UBSan), run every test (the
#            properties with few cases), then, on the release-flags build
#            build/props, the package tests (install, consumer, .deb), the
#            properties with the full case count and the exhaustive check of
#            every field of the bound `test` (exhaust/README.md), and the
#            threads program under ThreadSanitizer (build/tsan), then the
#            ClusterFuzzLite build check (fuzz/check-fuzz-build.sh) and
#            bounded fuzz smoke runs of every harness it built
#            (ENGINE=cflite).
# make fuzz: long fuzzing (FUZZ_SECONDS per harness, default 600) with
#            ENGINE=libfuzzer (default) or ENGINE=afl (AFL++).
# make fuzz-merge: minimizes every fuzz/corpus/<harness>/ with what runs found.
# make mutation: the recorded mutation samples (mutation/README.md);
#            hours on two cores, not part of make test.
# make exhaust-next: every heightfield of the bound above make test's
#            (exhaust/README.md, record in exhaust/RECORD.md); not part of
#            make test.
.PHONY: demo check test deps release dev props tsan fuzz-build fuzz-smoke fuzz fuzz-merge coverage-build coverage audit bench bench-build bench-quick bench-hashes bench-compare mutation exhaust-next format clean

FUZZ_SECONDS ?= 600
SMOKE_SECONDS ?= 17
ENGINE ?= libfuzzer
FUZZ_PRESET = $(if $(filter afl,$(ENGINE)),fuzz-afl,fuzz)

deps:
	@tools/install-deps.sh

release: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release

dev: deps
	@cmake --preset dev >/dev/null
	@cmake --build --preset dev

# The properties, the exhaustive check and the tool at release flags without
# sanitizers: ctest runs the properties with the full case count and the
# commit's seed (props/README.md), and the package tests install this build
# (one optimized build for make test, not two).
props: deps
	@cmake --preset props >/dev/null
	@cmake --build --preset props

fuzz-build: deps
	@cmake --preset $(FUZZ_PRESET) >/dev/null
	@cmake --build --preset $(FUZZ_PRESET)

demo: release
	build/release/regcon demo --picture build/demo.svg

# The threads program under ThreadSanitizer (label threads).
tsan: deps
	@cmake --preset tsan >/dev/null
	@cmake --build --preset tsan

check: dev
	ctest --preset check

test: dev props tsan
	ctest --preset dev
	ctest --preset package
	ctest --preset tsan
	@echo "properties: RC_PARAMS=$$(build/props/props/regcon_props --ci-params)"
	ctest --preset props
	fuzz/check-fuzz-build.sh
	ENGINE=cflite fuzz/fuzz.sh $(SMOKE_SECONDS)

fuzz-smoke: fuzz-build
	ENGINE=$(ENGINE) fuzz/fuzz.sh $(SMOKE_SECONDS)

fuzz: fuzz-build
	ENGINE=$(ENGINE) fuzz/fuzz.sh $(FUZZ_SECONDS)

fuzz-merge: fuzz-build
	fuzz/fuzz-merge.sh

# Every stage against Recast on the same heightfields (meshes, scenarios,
# the 1M/4M/16M-span sweep, hostile shapes) on Google Benchmark: 5
# repetitions of one call, medians in thread CPU time (wall time for the
# optimized implementation on the machine's cores), peak heap per span;
# build/bench/bench.json, then bench/tables.py's tables and
# build/bench/bench.csv, and gnuplot's build/bench/bench.svg
# (docs/performance.md). bench-quick: meshes and 1M only. bench-hashes:
# identical hashes from every implementation at 16M spans. bench-compare:
# two JSON runs side by side with compare.py (libbenchmark-tools, Debian's
# python3 for python3-scipy), with its Mann-Whitney U-test.
BENCH = build/release/bench/regcon_bench
BENCH_PLOT = gnuplot -e "csv='$(1).csv'; out='$(1).svg'" bench/plot.gp && xmllint --noout $(1).svg

bench-build: deps
	@cmake --preset release -DREGCON_BENCH=ON >/dev/null
	@cmake --build --preset release --target regcon_bench

bench: bench-build
	@mkdir -p build/bench
	$(BENCH) --benchmark_out=build/bench/bench.json --benchmark_out_format=json
	python3 bench/tables.py csv build/bench/bench.json build/bench/bench.csv
	$(call BENCH_PLOT,build/bench/bench)

bench-quick: bench-build
	@mkdir -p build/bench
	$(BENCH) --quick --benchmark_out=build/bench/quick.json --benchmark_out_format=json
	python3 bench/tables.py csv build/bench/quick.json build/bench/quick.csv
	$(call BENCH_PLOT,build/bench/quick)

bench-hashes: bench-build
	$(BENCH) --check-hashes 4

# make bench-compare OLD=a.json NEW=b.json
bench-compare:
	/usr/bin/python3 /usr/share/benchmark/compare.py benchmarks $(OLD) $(NEW)

# Every heightfield of the bound `next` in two shards side by side, each
# resumable from its state in build/exhaust/ (exhaust/run-bound.sh).
exhaust-next: props
	exhaust/run-bound.sh next 2

# A seeded sample of mutants of reference/ and optimized/ judged by ctest
# and the pool; writes mutation/ (MUTATION_SEED, MUTATION_COUNT,
# MUTATION_FOLDERS override the recorded run).
mutation: deps
	mutation/mutation.sh

# Coverage per folder by gcovr (coverage/README.md); a folder below its
# goal (coverage/goals.json) fails the run.
coverage-build: deps
	@cmake --preset coverage >/dev/null
	@cmake --build --preset coverage

coverage: coverage-build
	coverage/coverage.sh

# The audit report (build/audit/index.html, audit.json): the trace joined
# with a coverage run and the recorded mutation and fuzzing runs, then
# opened in headless Chromium (a blank or broken page fails). The report is
# written even when a coverage goal is missed; the run fails after it.
audit: coverage-build
	python3 audit/trace.py check
	status=0; coverage/coverage.sh || status=$$?; \
	python3 audit/audit.py && audit/audit_check.py build/audit && exit $$status

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf build
