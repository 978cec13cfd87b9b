// libFuzzer target: the --system-map file (sync/system_name.h), one
// `SYSTEM = NAME` a line. Differential: read twice, the same problems and
// the same friendly name for every system the text writes; every problem
// inside the text; a name the map gives is never empty.
#include <cctype>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "sync/system_name.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  Diagnostics p1, p2;
  const sync::SystemMap a = sync::SystemMap::Parse(text, p1);
  const sync::SystemMap b = sync::SystemMap::Parse(text, p2);
  fuzz::Require(p1.size() == p2.size(), "a system map read twice gave another number of problems");
  for (size_t i = 0; i < p1.size(); ++i) {
    fuzz::Require(p1[i].message == p2[i].message, "a system map read twice gave another problem");
    fuzz::Require(p1[i].span.begin <= p1[i].span.end && p1[i].span.end <= size, "a problem points past the end");
  }
  // Every piece of every line, as a system name (the left side, the right
  // side, the whole line): both readings name it alike.
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    const size_t eq = line.find('=');
    std::vector<std::string_view> probes = {line};
    if (eq != std::string_view::npos) probes = {line, line.substr(0, eq), line.substr(eq + 1)};
    for (std::string_view probe : probes) {
      std::string s(probe);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(0, 1);
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const std::string na = a.Name(s), nb = b.Name(s);
      fuzz::Require(na == nb, "a system map read twice names a system differently");
      // A friendly name (one the map gives, not the system itself) has no `/` or space.
      if (na != s) fuzz::Require(!na.empty() && na.find_first_of("/ \t") == std::string::npos, "a bad friendly name was kept");
      (void)sync::QualifiedName(s, "db.t", &a);
    }
    at = end + 1;
  }
  return 0;
}
