"""Detector modules, one per rule family; every module here is imported by the registry."""
