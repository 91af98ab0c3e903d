"""One module per subcommand: turn CLI options into settings, run, print, pick the exit code."""
