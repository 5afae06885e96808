/* Declarations only; the definition is in libclang_rt.fuzzer, linked by -sanitize=fuzzer. */
