// Types for the generated importMap.js, which the strict project build cannot read (allowJs is off).
import type { ImportMap } from 'payload'

export declare const importMap: ImportMap
