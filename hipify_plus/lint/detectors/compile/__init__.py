"""HP7xx: what stops renamed code compiling with hip-clang, one rule per module. `convert`
applies their safe fixes to what it renamed (rules/convert.toml); `lint --fix` applies them to
code that is already HIP."""
