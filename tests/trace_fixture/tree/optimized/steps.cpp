namespace regcon::opt {

class Watershed {
 public:
  explicit Watershed(int spans) : spans_(spans), grown_{0} {}
  int grow(int level) const {
    return level + spans_ + grown_;
  }

 private:
  int spans_;
  int grown_;
};

}  // namespace regcon::opt
