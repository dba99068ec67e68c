# The Python binding (bindings/python). Adds its steps to TESTS and SCENARIO_RUNNERS.
