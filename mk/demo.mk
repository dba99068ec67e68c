# The demo (demo/navdemo; demo/README.md) and the README's examples. Adds its steps to TESTS.
#
#   make demo          build the library and the venv, then start the terminal app (a recorded
#                      showcase instead when stdout is not a terminal, e.g. in CI)
#   make test-demo     pytest: the recorded key-script session, the command line, curses in tmux
#   make examples      run every example the README shows (C, Python, Swift; JavaScript's is
#                      mk/wasm.mk's examples-js) and check that the README's code and output
#                      blocks are exactly those files and their output
#
# The demo runs on build/venv's python (mk/python.mk) with PYTHONPATH=demo, against build/lib.

DEMO_DIR     := demo
DEMO_RUN     := NAVCORE_LIBRARY=$(PY_LIBRARY) PYTHONPATH=$(CURDIR)/$(DEMO_DIR) $(CURDIR)/$(PY_VENV)/bin/python
EXAMPLES_OUT := build/examples
PY_EXAMPLES  := minimal_host asyncio_host
# The README's screenshot: this key script's last screen.
DEMO_SCREEN_KEYS := p*2 settle p*3 tick*6

.PHONY: demo test-demo examples examples-python examples-swift examples-demo-screen

## demo: the main job. `python -m navdemo --help` tells the keys and the key-script syntax.
demo: lib $(PY_STAMP)
	@$(DEMO_RUN) -m navdemo

test-demo: lib $(PY_STAMP)
	cd $(DEMO_DIR) && $(DEMO_RUN) -m pytest -q -p no:cacheprovider tests

## examples: each one runs, its output is kept, and the README must show exactly the files and
## those outputs (scripts/check-readme-examples.py).
examples: example-c examples-python examples-swift examples-demo-screen
	$(PYTHON) scripts/check-readme-examples.py README.md --outputs $(EXAMPLES_OUT)

examples-python: lib $(PY_STAMP)
	@mkdir -p $(EXAMPLES_OUT)
	@set -e; for example in $(PY_EXAMPLES); do \
	  echo "== bindings/python/examples/$$example.py"; \
	  NAVCORE_LIBRARY=$(PY_LIBRARY) $(PY_VENV)/bin/python bindings/python/examples/$$example.py \
	    > $(EXAMPLES_OUT)/$$example.out; \
	  cat $(EXAMPLES_OUT)/$$example.out; \
	done

examples-swift: setup
	$(SWIFT) build --product navcore-example
	@mkdir -p $(EXAMPLES_OUT)
	.build/debug/navcore-example > $(EXAMPLES_OUT)/navcore-example.out
	@cat $(EXAMPLES_OUT)/navcore-example.out

examples-demo-screen: lib $(PY_STAMP)
	@mkdir -p $(EXAMPLES_OUT)
	set -o pipefail; $(DEMO_RUN) -m navdemo --keys "$(DEMO_SCREEN_KEYS)" | tail -n +2 > $(EXAMPLES_OUT)/demo-screen.out

TESTS += test-demo examples
