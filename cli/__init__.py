"""The typer command line. Composes pipeline, engine and db; holds no rules."""
