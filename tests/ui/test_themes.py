"""Theme files: the shipped ones load; a bad one is named with its line or field and skipped."""

from __future__ import annotations

from cardtable.ui.themes import TABLE_VARIABLES, ThemeProblem, builtin_theme_dir, load_themes


def test_four_builtin_themes_with_every_table_colour():
    themes, problems = load_themes(builtin_theme_dir())
    assert problems == []
    assert {t.name for t in themes} >= {"felt", "dark", "light", "contrast"}
    for theme in themes:
        assert set(theme.variables) == set(TABLE_VARIABLES)


def test_bad_toml_is_reported_with_its_line(tmp_path):
    (tmp_path / "broken.toml").write_text('name = "x"\nprimary = \n')
    themes, problems = load_themes(tmp_path)
    assert themes == []
    assert "broken.toml" in str(problems[0]) and "line 2" in str(problems[0])


def test_bad_field_is_named(tmp_path):
    (tmp_path / "pink.toml").write_text('name = "pink"\nprimary = "not-a-colour"\n')
    (tmp_path / "ok.toml").write_text('name = "ok"\nprimary = "#ff00ff"\n')
    themes, problems = load_themes(tmp_path)
    assert [t.name for t in themes] == ["ok"]
    assert isinstance(problems[0], ThemeProblem)
    assert "'primary'" in str(problems[0]) and "pink.toml" in str(problems[0])


def test_unknown_variable_is_refused(tmp_path):
    (tmp_path / "v.toml").write_text('name = "v"\nprimary = "#fff"\n[variables]\nfelty = "#000"\n')
    _, problems = load_themes(tmp_path)
    assert "felty" in str(problems[0])


def test_user_theme_overrides_builtin_of_same_name(tmp_path):
    (tmp_path / "felt.toml").write_text('name = "felt"\nprimary = "#123456"\n')
    themes, _ = load_themes(builtin_theme_dir(), tmp_path)
    assert next(t for t in themes if t.name == "felt").primary == "#123456"
