// placeholder: tests are added here by the owner of this area
