"""The committed tables and charts, one module per game, behind one registry
(:mod:`analyzer.studies.registry`) that the ``tables`` commands and batch runs both use."""

from analyzer.studies.registry import STUDIES, Study, get_study, run_study, study_specs

__all__ = ["STUDIES", "Study", "get_study", "run_study", "study_specs"]
