package document

// Files is the store the documents' files are kept in, for deleting a closed account's (issue 30).
func (s *Service) Files() Store { return s.files }
