from hipify_plus.cli import main

raise SystemExit(main())
