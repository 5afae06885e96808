import ScrollRenderCLI
import _ScrollRenderShims

// One malloc arena for all threads, set before any thread starts (see the shim's allocator.c).
_ = sr_use_one_malloc_arena()
Scrollrender.main(arguments: Array(CommandLine.arguments.dropFirst()))
