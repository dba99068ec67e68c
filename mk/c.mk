# The C side: programs built by gcc against build/lib/libnavcore.so (the shipped library).
# Adds its steps to TESTS and SCENARIO_RUNNERS.
