"""The C API from Python through ctypes, against an installed libhivelineage.so.0
(see tests/install/install_test.sh and docs/library.md). Usage: demo.py [LIBRARY]"""
import ctypes
import json
import sys

lib = ctypes.CDLL(sys.argv[1] if len(sys.argv) > 1 else "libhivelineage.so.0")
# Functions returning strings the caller frees: take them as void pointers.
lib.hivelineage_new.restype = ctypes.c_void_p
lib.hivelineage_new.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
lib.hivelineage_analyze.restype = ctypes.c_void_p
lib.hivelineage_analyze.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p]
lib.hivelineage_string_free.argtypes = [ctypes.c_void_p]
lib.hivelineage_free.argtypes = [ctypes.c_void_p]
lib.hivelineage_version.restype = ctypes.c_char_p


def take_string(ptr):
    text = ctypes.string_at(ptr).decode("utf-8")
    lib.hivelineage_string_free(ptr)
    return text


error = ctypes.c_void_p()
analyzer = lib.hivelineage_new(json.dumps({"default_db": "ods", "variables": {"dt": "2024-01-01"}}).encode(),
                               ctypes.byref(error))
if not analyzer:
    sys.exit("hivelineage_new: " + take_string(error.value))
sql = "INSERT INTO TABLE dw.t SELECT a, upper(b) AS b FROM src_table WHERE dt = '${dt}';".encode()
out = lib.hivelineage_analyze(analyzer, sql, len(sql), b"demo.sql", b"json")
doc = json.loads(take_string(out))
lib.hivelineage_free(analyzer)
st = doc["statements"][0]
print(json.dumps({"inputs": st["inputs"], "outputs": st["outputs"], "columns": st["columns"]}))
assert st["inputs"] == ["ods.src_table"], st
assert st["outputs"] == ["dw.t"], st
# No catalog: the source rests on a schema nothing declares, and says so.
assert {"target": "dw.t.b", "sources": ["ods.src_table.b"], "inferred": ["ods.src_table.b"],
        "expression": "upper(b)"} in st["columns"], st
print("version", lib.hivelineage_version().decode())
