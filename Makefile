# make demo: install what is missing, build (release), run the main job on a
#            built-in scenario.
# make test: install, build (dev: ASan + UBSan), run every test (the
#            properties with few cases), then the properties with the full
#            case count at release speed (build/props) and the exhaustive
#            check of every field of the bound `test` (exhaust/README.md)
#            beside them, then the bounded fuzz
#            smoke runs of every harness and the ClusterFuzzLite build check
#            (fuzz/check-fuzz-build.sh).
# make fuzz: long fuzzing (FUZZ_SECONDS per harness, default 600) with
#            ENGINE=libfuzzer (default) or ENGINE=afl (AFL++).
# make fuzz-merge: minimizes every corpus/<harness>/ with what runs found.
# make mutation: the recorded mutation samples (mutation/README.md);
#            hours on two cores, not part of make test.
# make exhaust-next: every heightfield of the bound above make test's
#            (exhaust/README.md, record in exhaust/RECORD.md); not part of
#            make test.
.PHONY: demo test deps release dev props fuzz-build fuzz-smoke fuzz fuzz-merge coverage audit bench bench-build bench-quick bench-hashes mutation exhaust-next format clean

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

# The properties alone, -O2 without sanitizers: ctest runs them with the
# full case count and the commit's seed (props/README.md).
props: deps
	@cmake --preset props >/dev/null
	@cmake --build --preset props

fuzz-build: deps
	@cmake --preset $(FUZZ_PRESET) >/dev/null
	@cmake --build --preset $(FUZZ_PRESET)

demo: release
	build/release/regcon demo --picture build/demo.svg

test: dev props fuzz-build
	ctest --preset dev
	@echo "properties: RC_PARAMS=$$(build/props/props/regcon_props --ci-params)"
	ctest --preset props
	fuzz/fuzz.sh $(SMOKE_SECONDS)
	fuzz/check-fuzz-build.sh

fuzz-smoke: fuzz-build
	ENGINE=$(ENGINE) fuzz/fuzz.sh $(SMOKE_SECONDS)

fuzz: fuzz-build
	ENGINE=$(ENGINE) fuzz/fuzz.sh $(FUZZ_SECONDS)

fuzz-merge: fuzz-build
	fuzz/fuzz-merge.sh

# Every stage against Recast on the same heightfields (meshes, scenarios,
# the 1M/4M/16M-span sweep, hostile shapes): medians of 5 runs in thread
# CPU time, peak heap per span, tables, build/bench/bench.csv and
# build/bench/bench.svg (README, Performance). bench-quick: meshes and 1M
# only. bench-hashes: identical hashes from every implementation at 16M spans.
BENCH = build/release/bench/regcon_bench

bench-build: deps
	@cmake --preset release -DREGCON_BENCH=ON >/dev/null
	@cmake --build --preset release --target regcon_bench

bench: bench-build
	$(BENCH) --csv build/bench/bench.csv --svg build/bench/bench.svg
	xmllint --noout build/bench/bench.svg

bench-quick: bench-build
	$(BENCH) --quick --csv build/bench/quick.csv --svg build/bench/quick.svg
	xmllint --noout build/bench/quick.svg

bench-hashes: bench-build
	$(BENCH) --check-hashes 4

# Every heightfield of the bound `next` in two shards side by side, each
# resumable from its state in build/exhaust/ (exhaust/run-bound.sh).
exhaust-next: props
	exhaust/run-bound.sh next 2

# A seeded sample of mutants of reference/ and optimized/ judged by ctest
# and the pool; writes mutation/ (MUTATION_SEED, MUTATION_COUNT,
# MUTATION_FOLDERS override the recorded run).
mutation: deps
	mutation/mutation.sh

coverage: deps
	@cmake --preset coverage >/dev/null
	@cmake --build --preset coverage
	coverage/coverage.sh

# The audit report (build/audit/index.html, audit.json): the trace joined
# with the coverage run above and the recorded mutation and fuzzing runs,
# then opened in headless Chromium (a blank or broken page fails).
audit: coverage
	python3 audit/trace.py check
	python3 audit/audit.py
	python3 audit/audit_check.py build/audit

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf build
