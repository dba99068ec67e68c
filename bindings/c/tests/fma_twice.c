/* An fma that rounds twice, as newlib's does (x * y + z, two roundings: -std=c11 contracts
 * nothing). make test-c preloads it into the C scenario runner: the runner's progress lines must
 * not depend on the C library's fma being correctly rounded, as the firmware's is not
 * (docs/firmware.md). */
#include <math.h>

double fma(double x, double y, double z) { return x * y + z; }
