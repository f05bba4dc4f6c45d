# The checks CI cares about, in one place: `make check`.
.PHONY: check lint test screenshots bench

check: lint test

lint:
	ruff check cardtable tests
	ruff format --check cardtable tests
	mypy
	lint-imports

test:
	python -m pytest -n 2

screenshots:
	cardtable screenshots

bench:
	cardtable bench
