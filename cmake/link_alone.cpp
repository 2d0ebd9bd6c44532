// An empty program: the library linked whole beside it must resolve every
// symbol from the layers below it alone (see CMakeLists.txt).
int main() {
  return 0;
}
