# The web demo (demo/web; demo/web/README.md): navcore.wasm driving a DOM stack in a page.
# Adds test-web to TESTS.
#
#   make web-demo                the main job for the web: builds build/wasm, then serves the demo on
#                                http://127.0.0.1:$(WEB_PORT)/ until Ctrl-C (not part of make test)
#   make test-web                TypeScript's check of the demo's JSDoc types (tsc -p demo/web), the
#                                swipe's release decision under Node (demo/web/tests/*.test.js), then
#                                the demo in headless Chromium through Selenium (demo/web/tests):
#                                rapid clicks, the DOM's stack against navcore's, the edge swipe,
#                                the browser's Back, the dialog, a reload; screenshots in build/web-demo
#   make test-web SCREENSHOTS=1  the same, and the screenshots written to docs/images for the README
#
# test-web installs what it needs when missing: Debian's chromium and chromium-driver (Selenium is
# pointed at /usr/bin/chromium and /usr/bin/chromedriver: it downloads no browser), the DejaVu fonts
# the page names, and build/venv-web with Selenium and pytest, pinned.

WEB_DIR      := demo/web
WEB_PORT     ?= 8124
WEB_VENV     := build/venv-web
WEB_STAMP    := $(WEB_VENV)/.navcore-installed
WEB_PACKAGES := selenium==4.50.0 pytest==9.2.0
# The whole test run's limit: it takes about 25 s; a page that hangs fails its own waits first.
WEB_TIMEOUT  := 150
SCREENSHOTS  ?=

TESTS += test-web

.PHONY: web-demo web-setup test-web

web-demo: wasm
	@$(PYTHON) $(WEB_DIR)/serve.py --port $(WEB_PORT) --wasm $(WASM_DIR)

## web-setup: Debian's chromium, chromium-driver and DejaVu fonts, when missing.
web-setup:
	@test -x /usr/bin/chromium && test -x /usr/bin/chromedriver && test -d /usr/share/fonts/truetype/dejavu || { \
	  echo "web-setup: installing chromium, chromium-driver, fonts-dejavu-core"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  $$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null; }
	@chromium --version 2>/dev/null; chromedriver --version

$(WEB_STAMP): mk/web.mk
	@test -x $(WEB_VENV)/bin/python || { echo "web: creating $(WEB_VENV)"; $(call py-venv,$(WEB_VENV)); }
	$(WEB_VENV)/bin/python -m pip install $(PIP_QUIET) $(WEB_PACKAGES)
	@touch $@

test-web: wasm web-setup $(WEB_STAMP)
	tsc -p $(WEB_DIR)
	$(NODE) --test $(wildcard $(WEB_DIR)/tests/*.test.js)
	cd $(WEB_DIR) && SCREENSHOTS=$(SCREENSHOTS) timeout --kill-after=10 $(WEB_TIMEOUT) \
	  $(CURDIR)/$(WEB_VENV)/bin/python -m pytest -q -p no:cacheprovider tests
