// The file browser's listing: sorting, filters, the parent of "/", unreadable folders.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "model/file_listing.h"
#include "model/recent_files.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;

std::string fresh_folder(const std::string& name) {
  fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::vector<std::string> names(const FolderListing& listing) {
  std::vector<std::string> out;
  for (const ListedEntry& e : listing.entries) out.push_back((e.folder ? "/" : "") + e.name);
  return out;
}

TEST(FileListing, FoldersFirstThenFilesByNameIgnoringCaseWithTheFilterAndNoHiddenEntries) {
  std::string dir = fresh_folder("listing_sorted");
  for (const char* file : {"b.cu", "A.json", "c.txt", "trace.JSON", ".hidden.cu", "notes"})
    std::ofstream(dir + "/" + file) << "x";
  for (const char* folder : {"zeta", "Alpha", ".git"}) fs::create_directory(dir + "/" + folder);
  FolderListing listing = list_folder(dir, {".json", ".cu"});
  EXPECT_EQ(listing.error, "");
  EXPECT_EQ(listing.folder, dir);
  EXPECT_EQ(names(listing),
            (std::vector<std::string>{"/Alpha", "/zeta", "A.json", "b.cu", "trace.JSON"}));
  EXPECT_EQ(names(list_folder(dir, {})),
            (std::vector<std::string>{"/Alpha", "/zeta", "A.json", "b.cu", "c.txt", "notes",
                                      "trace.JSON"}));
  EXPECT_EQ(names(list_folder(dir + "/", {".png"})), (std::vector<std::string>{"/Alpha", "/zeta"}));
}

TEST(FileListing, ParentOfTheRootIsTheRootAndRelativePathsBecomeAbsolute) {
  EXPECT_EQ(parent_folder("/"), "/");
  EXPECT_EQ(parent_folder("/usr"), "/");
  EXPECT_EQ(parent_folder("/usr/share/"), "/usr");
  EXPECT_EQ(parent_folder("/usr/share/../lib"), "/usr");
  EXPECT_EQ(parent_folder("sub"), fs::current_path().string());
  EXPECT_EQ(join_path("/", "etc"), "/etc");
  EXPECT_EQ(join_path("/etc", "hosts"), "/etc/hosts");
  EXPECT_EQ(list_folder("/", {}).folder, "/");
}

TEST(FileListing, AMissingFolderOrAFileIsAMessageNotACrash) {
  FolderListing missing = list_folder("/no/such/folder/here", {".cu"});
  EXPECT_TRUE(missing.entries.empty());
  EXPECT_NE(missing.error.find("cannot read /no/such/folder/here"), std::string::npos)
      << missing.error;
  std::string dir = fresh_folder("listing_file");
  std::ofstream(dir + "/a.cu") << "x";
  FolderListing file = list_folder(dir + "/a.cu", {".cu"});
  EXPECT_TRUE(file.entries.empty());
  EXPECT_NE(file.error.find("cannot read " + dir + "/a.cu"), std::string::npos) << file.error;
}

TEST(FileListing, AnUnreadableFolderIsAMessageNotACrash) {
  std::string dir = fresh_folder("listing_locked");
  std::ofstream(dir + "/a.cu") << "x";
  chmod(dir.c_str(), 0);
  FolderListing locked = list_folder(dir, {".cu"});
  chmod(dir.c_str(), 0755);
  if (geteuid() == 0) GTEST_SKIP() << "running as root: every folder is readable";
  EXPECT_TRUE(locked.entries.empty());
  EXPECT_NE(locked.error.find("cannot read"), std::string::npos) << locked.error;
}

TEST(FileListing, ExtensionsMatchTheEndOfTheNameOnly) {
  EXPECT_TRUE(has_extension("sum4.cu", {".cu"}));
  EXPECT_TRUE(has_extension("SUM4.CU", {".cu"}));
  EXPECT_FALSE(has_extension("sum4.cuh", {".cu"}));
  EXPECT_FALSE(has_extension(".cu", {".cu"}));
  EXPECT_FALSE(has_extension("cu", {".cu"}));
  EXPECT_TRUE(has_extension("anything", {}));
}

TEST(RecentFiles, NewestFirstEachOnceAtMostEight) {
  std::vector<std::string> recent;
  for (int i = 0; i < 10; ++i) recent = remember_file(recent, "f" + std::to_string(i));
  ASSERT_EQ(recent.size(), 8u);
  EXPECT_EQ(recent.front(), "f9");
  EXPECT_EQ(recent.back(), "f2");
  recent = remember_file(recent, "f5");
  EXPECT_EQ(recent.size(), 8u);
  EXPECT_EQ(recent[0], "f5");
  EXPECT_EQ(recent[1], "f9");
  EXPECT_EQ(std::count(recent.begin(), recent.end(), "f5"), 1);
  recent = forget_file(recent, "f9");
  EXPECT_EQ(recent.size(), 7u);
  EXPECT_EQ(recent[1], "f8");
}

}  // namespace
}  // namespace stridescope
