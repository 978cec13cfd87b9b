// Finds the network module (net_module.h): linked in, or loaded with dlopen.
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <vector>

#include "base/strings.h"
#include "cli/net_module.h"

// Defined only where net_module_entry.cc is linked in; null otherwise.
#pragma weak hivelineage_net_module

namespace hivelineage::cli {
namespace {

namespace fs = std::filesystem;

// The folder of the running executable (not of the Python interpreter's
// extension: that one links the module in).
fs::path ExecutableFolder() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : self.parent_path();
}

// Where to look, in order.
std::vector<std::string> Candidates() {
  std::vector<std::string> paths;
  if (const char* env = std::getenv("HIVELINEAGE_NET_MODULE"); env != nullptr && *env != '\0') {
    paths.emplace_back(env);
    return paths;  // asked for this one: no other
  }
  const fs::path folder = ExecutableFolder();
  if (!folder.empty()) {
    paths.push_back((folder / "hivelineage-net.so").string());                                   // a build tree
    paths.push_back((folder / HIVELINEAGE_NET_MODULE_FROM_BINDIR).lexically_normal().string());  // an install
  }
  paths.emplace_back(HIVELINEAGE_NET_MODULE_INSTALLED);
  return paths;
}

const NetModule* Load(std::string& error) {
  if (&hivelineage_net_module != nullptr) return hivelineage_net_module();
  std::string tried;
  std::vector<std::string> seen;
  for (const std::string& path : Candidates()) {
    if (std::find(seen.begin(), seen.end(), path) != seen.end()) continue;
    seen.push_back(path);
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      Append(tried, tried.empty() ? "" : "; ", path, ": not found");
      continue;
    }
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* why = dlerror();
      Append(tried, tried.empty() ? "" : "; ", path, ": ", why != nullptr ? why : "cannot be loaded");
      continue;
    }
    using Entry = const NetModule* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(handle, "hivelineage_net_module"));
    const NetModule* module = entry != nullptr ? entry() : nullptr;
    if (module == nullptr || module->abi != kNetModuleAbi || std::strcmp(module->version, HIVELINEAGE_VERSION) != 0) {
      Append(tried, tried.empty() ? "" : "; ", path, ": ");
      if (module == nullptr)
        tried += "not a hivelineage network module";
      else
        Append(tried, "from another build of hivelineage (", module->version, "), not this one (", HIVELINEAGE_VERSION,
               ")");
      dlclose(handle);
      continue;
    }
    return module;  // kept loaded for the rest of the run
  }
  error = Cat("the network module hivelineage-net.so, which this command needs, could not be loaded (", tried,
              "); reinstall hivelineage, or set HIVELINEAGE_NET_MODULE to the module's path");
  return nullptr;
}

}  // namespace

const NetModule* LoadNetModule(std::string& error) {
  static std::once_flag once;
  static const NetModule* module = nullptr;
  static std::string failure;
  std::call_once(once, [] { module = Load(failure); });
  if (module == nullptr) error = failure;
  return module;
}

}  // namespace hivelineage::cli
