/* w8_trivial.c — W8's floor: the smallest library a program can dlopen and call. */
int w8_trivial(void);
int w8_trivial(void) { return 42; }
