'use client'
import { getTranslation } from '@payloadcms/translations'
import { useConfig, useStepNav, useTranslation } from '@payloadcms/ui'
import { useEffect } from 'react'

/** A collection's plural label in the admin's language, also set as the page's breadcrumb. */
export const useCollectionLabel = (collectionSlug: string): string => {
  const { i18n } = useTranslation()
  const { getEntityConfig } = useConfig()
  const { setStepNav } = useStepNav()
  const plural = getTranslation(getEntityConfig({ collectionSlug })?.labels?.plural ?? '', i18n)
  useEffect(() => setStepNav([{ label: plural }]), [plural, setStepNav])
  return plural
}
