#include "lineage/column_regex.h"

#include <vector>

#include "base/strings.h"

namespace hivelineage::lineage {

namespace {

// Patterns and names are bounded: libstdc++'s regex compiler and matcher
// recurse per pattern term and per matched character.
constexpr size_t kMaxPattern = 1000;
constexpr size_t kMaxName = 1000;

// Appends `c` escaped for use outside a character class.
void AppendLiteral(std::string& out, char c) {
  if (std::string_view("\\^$.|?*+()[]{}/").find(c) != std::string_view::npos) out += '\\';
  out += c;
}

// Capturing groups opened in `re` (ECMAScript) before position `end`.
int CountGroups(std::string_view re, size_t end) {
  int n = 0;
  bool in_class = false;
  for (size_t i = 0; i < end && i < re.size(); ++i) {
    char c = re[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      if (c == ']') in_class = false;
    } else if (c == '[') {
      in_class = true;
    } else if (c == '(' && (i + 1 >= re.size() || re[i + 1] != '?')) {
      ++n;
    }
  }
  return n;
}

}  // namespace

std::string JavaRegexToEcmaScript(std::string_view in, std::string& error) {
  std::string out;
  std::vector<size_t> group_starts;  // output positions of open groups
  std::vector<bool> group_atomic;    // `(?>...)`
  size_t atom = std::string::npos;   // output position of the last complete atom
  size_t i = 0;
  if (in.substr(0, 4) == "(?i)") i = 4;
  auto fail = [&](std::string message) {
    error = std::move(message);
    return std::string();
  };
  while (i < in.size()) {
    char c = in[i];
    switch (c) {
      case '\\': {
        if (i + 1 >= in.size()) return fail("trailing backslash");
        char e = in[i + 1];
        if (e == 'Q') {  // \Q...\E: literal text
          size_t end = in.find("\\E", i + 2);
          std::string_view lit = in.substr(i + 2, end == std::string_view::npos ? std::string_view::npos : end - i - 2);
          out += "(?:";
          atom = out.size() - 3;
          for (char l : lit) AppendLiteral(out, l);
          out += ')';
          i = end == std::string_view::npos ? in.size() : end + 2;
          continue;
        }
        atom = out.size();
        if (e == 'A') {
          out += '^';
        } else if (e == 'z' || e == 'Z') {
          out += '$';
        } else if (e == 'G' || e == 'R' || e == 'X' || e == 'p' || e == 'P' || e == 'h' || e == 'H' || e == 'k') {
          return fail(Cat("unsupported escape \\", std::string_view(&e, 1)));
        } else {
          out += c;
          out += e;
        }
        i += 2;
        continue;
      }
      case '[': {
        // Copy the class through its closing bracket (a leading `]` or `^]` is literal).
        size_t start = out.size();
        size_t j = i + 1;
        if (j < in.size() && in[j] == '^') ++j;
        if (j < in.size() && in[j] == ']') ++j;
        int depth = 1;
        while (j < in.size() && depth > 0) {
          if (in[j] == '\\') {
            j += 2;
            continue;
          }
          if (in[j] == '[') {
            if (in.substr(j, 2) == "[:") return fail("POSIX classes are not Java syntax");
            return fail("nested character classes are not supported");
          }
          if (in[j] == ']') --depth;
          if (in.substr(j, 2) == "&&") return fail("character class intersection is not supported");
          ++j;
        }
        if (depth > 0) return fail("unclosed character class");
        out.append(in.substr(i, j - i));
        atom = start;
        i = j;
        continue;
      }
      case '(': {
        group_starts.push_back(out.size());
        group_atomic.push_back(in.substr(i, 3) == "(?>");
        if (in.substr(i, 3) == "(?<" && i + 3 < in.size() && in[i + 3] != '=' && in[i + 3] != '!') {
          size_t close = in.find('>', i);
          if (close == std::string_view::npos) return fail("unclosed group name");
          out += '(';
          i = close + 1;
          continue;
        }
        if (in.substr(i, 3) == "(?>") {  // atomic group: emulated when it closes
          out += "(?:";
          i += 3;
          continue;
        }
        if (in.substr(i, 2) == "(?" && i + 2 < in.size() && in[i + 2] != ':' && in[i + 2] != '=' && in[i + 2] != '!')
          return fail("inline flags and lookbehind are not supported");
        out += '(';
        ++i;
        atom = std::string::npos;
        continue;
      }
      case ')': {
        if (group_starts.empty()) return fail("unmatched ')'");
        atom = group_starts.back();
        group_starts.pop_back();
        bool atomic = group_atomic.back();
        group_atomic.pop_back();
        out += ')';
        ++i;
        if (atomic) {
          std::string body = out.substr(atom);
          int n = CountGroups(out, atom) + 1;
          out.resize(atom);
          out += Cat("(?=(", body, "))\\", n);
        }
        continue;
      }
      case '?':
      case '*':
      case '+':
      case '{': {
        size_t j = i + 1;
        if (c == '{') {
          j = in.find('}', i);
          if (j == std::string_view::npos) return fail("unclosed '{'");
          ++j;
        }
        if (atom == std::string::npos) return fail(Cat("nothing to repeat at offset ", i));
        std::string_view quant = in.substr(i, j - i);
        if (j < in.size() && in[j] == '+') {
          // Possessive: an atomic group around the quantified atom.
          std::string body = out.substr(atom) + std::string(quant);
          int n = CountGroups(out, atom) + 1;
          out.resize(atom);
          out += "(?=(";
          out += body;
          out += Cat("))\\", n);
          ++j;
        } else {
          out.append(quant);
          if (j < in.size() && in[j] == '?') {
            out += '?';
            ++j;
          }
        }
        atom = std::string::npos;  // `a**` is an error in both dialects
        i = j;
        continue;
      }
      default:
        atom = out.size();
        if (c == '|' || c == '^' || c == '$') atom = std::string::npos;
        out += c;
        ++i;
        continue;
    }
  }
  if (!group_starts.empty()) return fail("unclosed '('");
  return out;
}

std::unique_ptr<ColumnRegex> ColumnRegex::Compile(std::string_view java, std::string& error, bool case_sensitive) {
  auto r = std::make_unique<ColumnRegex>();
  if (java == ".*" || java == "(.*)" || java == ".*?") {
    r->all_ = true;
    return r;
  }
  if (java.size() > kMaxPattern) {
    error = Cat("column regex longer than ", kMaxPattern, " characters");
    return nullptr;
  }
  std::string ecma = JavaRegexToEcmaScript(java, error);
  if (ecma.empty() && !error.empty()) return nullptr;
  try {
    const bool icase = !case_sensitive || java.substr(0, 4) == "(?i)";
    r->re_ = std::regex(ecma, icase ? std::regex::ECMAScript | std::regex::icase : std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    error = Cat("invalid column regex: ", e.what());
    return nullptr;
  }
  return r;
}

bool ColumnRegex::Matches(std::string_view name) const {
  if (all_) return true;
  if (name.size() > kMaxName) return false;
  try {
    return std::regex_match(name.begin(), name.end(), re_);
  } catch (const std::regex_error&) {
    return false;  // e.g. error_complexity
  }
}

}  // namespace hivelineage::lineage
