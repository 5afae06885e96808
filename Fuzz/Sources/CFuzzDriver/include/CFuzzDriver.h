/* libFuzzer's entry for programs that have their own main (compiler-rt FuzzerInterface.h). The
   harnesses call it from main.swift: SwiftPM links every executable target with its own
   `main`, so libFuzzer's cannot be the program's. */
#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
