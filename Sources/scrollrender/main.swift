import ScrollRenderCLI

Scrollrender.main(arguments: Array(CommandLine.arguments.dropFirst()))
