# make demo: install, build (release) and run the main job on a built-in input.
# make test: install, build (dev: ASan + UBSan) and run every test.
.PHONY: demo test deps release dev fuzz-build fuzz coverage bench format clean

deps:
	@scripts/install-deps.sh

release: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release

dev: deps
	@cmake --preset dev >/dev/null
	@cmake --build --preset dev

demo: release
	build/release/regcon demo

test: dev
	ctest --preset dev

coverage: deps
	@cmake --preset coverage >/dev/null
	@cmake --build --preset coverage
	scripts/coverage.sh

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf build
