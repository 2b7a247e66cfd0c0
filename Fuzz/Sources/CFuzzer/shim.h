// libFuzzer's driver, linked by -sanitize=fuzzer (its FuzzerDriver.cpp).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
