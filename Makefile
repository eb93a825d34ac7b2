# make run: set up and serve the app to phones on this network. make test: every check CI runs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8550
# Phones allow the camera and the awake screen only over HTTPS; `make run TLS=` serves http.
TLS ?= --tls

# Test workers (pytest-xdist): one a core by default; `make test WORKERS=0` runs in one process.
WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup
#: The in-process tier: no browser, no process started, no site built (docs/testing.md).
FAST := not browser and not process and not site

.PHONY: install run test test-fast test-busy site bench mutate screenshots catalogues clean

install: $(STAMP)

$(STAMP): pyproject.toml package-lock.json
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Gadget needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python tools/catalogue.py --compile
	@# The static site's QR reader (jsQR), from the npm registry as package-lock.json pins it;
	@# only `make site` needs it.
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund --loglevel=error; \
	else echo "no npm here: make site will not build (apt-get install npm)"; fi
	touch $(STAMP)

run: install
	$(BIN)/gadget serve --port $(PORT) $(TLS)

# Every tier, then the linters: what CI runs (docs/testing.md says what each tier checks).
test: install
	$(PYTEST)
	$(BIN)/ruff check gadget tests bench tools
	$(BIN)/ruff format --check gadget tests bench tools
	$(BIN)/mypy gadget
	$(BIN)/lint-imports

# The in-process tier, for every change: rules, services and screens (under 3 minutes).
test-fast: install
	$(PYTEST) -m '$(FAST)'
	$(BIN)/ruff check gadget tests bench tools

# The whole suite with both cores kept busy (bench/busy.py), as a phone or a loaded server is.
test-busy: install
	$(BIN)/python bench/busy.py -- $(MAKE) test

# The static site (no server: each phone runs the app in its browser): build/site/, ready for
# any static host. Try it: python3 -m http.server -d build/site 8000
# SITE_BASE is the path it is served under: `make site SITE_BASE=/gadget/` for a host that
# serves it at https://example.org/gadget/ (GitHub Pages serves a project's site under its name).
SITE_BASE ?= /
site: install
	$(BIN)/python tools/build_site.py --base '$(SITE_BASE)'

bench: install
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_store.py
	$(BIN)/python bench/bench_paper.py
	$(BIN)/python bench/bench_app.py
	$(BIN)/python bench/bench_team_screen.py
	$(BIN)/python bench/bench_screens.py
	$(BIN)/python bench/bench_load_bytes.py
	$(BIN)/python bench/bench_site.py
	$(BIN)/python bench/bench_stall.py
	$(BIN)/python bench/bench_partner.py  # the human turns: GADGET_HUMAN_TURNS=FILE (docs/partner.md)

# Not part of `make test`: about 25 minutes on 2 cores (docs/mutation.md).
mutate: install
	$(BIN)/python -m pip install --quiet -e '.[dev,mutate]'
	$(BIN)/python tools/mutate.py

screenshots: install
	$(BIN)/python tools/screenshots.py
	$(BIN)/python tools/classic_screenshots.py
	$(BIN)/python tools/words_screenshots.py
	$(BIN)/python tools/side_screenshots.py
	$(BIN)/python tools/partner_screenshots.py

# After changing a message in the code: the template and every catalogue brought up to date
# (new messages untranslated: tests/test_french.py says which), then compiled.
catalogues: install
	$(BIN)/python tools/catalogue.py

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .mypy_cache .ruff_cache .hypothesis
