import os
from typing import Any, Literal, Sequence, Union

from . import Analysis, UsageReport

_Path = Union[str, os.PathLike[str]]

def analyze_bag(paths: Union[_Path, Sequence[_Path]], *, npartitions: int | None = ...,
                catalog: Union[_Path, Sequence[_Path], None] = ..., dialect: Literal["hive"] | None = ...,
                semantics: Literal["precise", "hive"] = ..., variables: dict[str, Union[str, int, float]] | None = ...,
                default_db: str = ..., learn_schema: bool = ...) -> Analysis: ...
def usage_from_logs(ddf: Any, *, column: str | None = ..., log_format: Literal["auto", "jsonl", "ranger"] = ...,
                    partition_columns: Sequence[str] | None = ..., layers: Sequence[str] | None = ...,
                    hot_reads: int | None = ..., hot_days: int | None = ..., warm_days: int | None = ...,
                    cold_days: int | None = ..., now: str | None = ...,
                    catalog: Union[_Path, Sequence[_Path], None] = ..., semantics: Literal["precise", "hive"] = ...,
                    variables: dict[str, Union[str, int, float]] | None = ...,
                    default_db: str = ...) -> UsageReport: ...
