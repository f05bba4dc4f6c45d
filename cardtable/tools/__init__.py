"""Command implementations: launching the app, headless simulation and benchmarks."""
